import type { FidelityResult } from './fidelity-result.ts'
import { gsm8kFidelity } from './gsm8k.ts'
import { mathCotFidelity } from './math-cot.ts'
import { mathVerifyFidelity } from './math-verify.ts'
import { mmluProFidelity } from './mmlu-pro.ts'

const percent = (n: number): string => `${(n * 100).toFixed(2)}%`

function print(results: readonly FidelityResult[]): void {
  for (const r of results) {
    const share = r.compared === 0 ? 0 : r.agreed / r.compared
    const verdict = share >= r.target ? 'ok' : 'BELOW TARGET'
    console.log(`${r.data} | ${r.scorer} | ${r.agreed}/${r.compared} = ${percent(share)} (target ${percent(r.target)}) ${verdict}`)
    for (const [key, n] of Object.entries(r.counts).sort()) console.log(`    ${key}: ${n}`)
    console.log(`    review: ${r.review}`)
  }
}

print([...gsm8kFidelity(), ...mmluProFidelity(), ...mathCotFidelity(), ...mathVerifyFidelity()])
