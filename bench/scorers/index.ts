import { Bench } from 'tinybench'
import { matchChoice, matchMath, matchNumber } from '../../src/index.ts'
import { choicePairs, mathPairs, numberPairs, pathologicalPairs, type Pair } from './workloads.ts'

const TARGETS = { math: 2000, choice: 50_000, number: 50_000 }

function firstPass(label: string, pairs: readonly Pair[], score: (pair: Pair) => unknown): void {
  const started = performance.now()
  for (const pair of pairs) score(pair)
  const ms = performance.now() - started
  console.log(
    `${label}: ${pairs.length} checks in ${ms.toFixed(0)} ms = ${Math.round((pairs.length / ms) * 1000).toLocaleString('en-US')}/s (first pass, cold)`,
  )
}

const { cot, math500 } = mathPairs()
const choices = choicePairs()
const numbers = numberPairs()

// a cold process: the first math check loads mathjs (under tsx, whose loader also transforms the bundle, this is
// several times slower than a plain `require`), then no expression is cached yet
const loading = performance.now()
matchMath('$\\boxed{x}$', 'y')
console.log(`math: first check, loading mathjs: ${(performance.now() - loading).toFixed(0)} ms`)
firstPass('math, MATH CoT completions', cot, (p) => matchMath(p.output, p.target))
firstPass('math, MATH-500 solutions', math500, (p) => matchMath(p.output, p.target))

const bench = new Bench({ time: 2000, warmup: true })
const batches: Array<{ name: string; kind: keyof typeof TARGETS; pairs: readonly Pair[]; score: (pair: Pair) => unknown }> = [
  { name: 'math: MATH CoT, 800 completions', kind: 'math', pairs: cot, score: (p) => matchMath(p.output, p.target) },
  { name: 'math: MATH-500, 500 solutions', kind: 'math', pairs: math500, score: (p) => matchMath(p.output, p.target) },
  { name: 'choice: MMLU-Pro gemini, 12,020 replies', kind: 'choice', pairs: choices, score: (p) => matchChoice(p.output, p.target) },
  {
    name: "choice, protocol 'mmlu-pro': same replies",
    kind: 'choice',
    pairs: choices,
    score: (p) => matchChoice(p.output, p.target, { protocol: 'mmlu-pro' }),
  },
  { name: 'number: GSM8K, 5,276 solutions', kind: 'number', pairs: numbers, score: (p) => matchNumber(p.output, p.target) },
]
for (const batch of batches) {
  bench.add(batch.name, () => {
    for (const pair of batch.pairs) batch.score(pair)
  })
}
await bench.run()

console.log('\nthroughput (each iteration scores the whole set; warm: parsed expressions are cached)')
for (const batch of batches) {
  const task = bench.getTask(batch.name)
  const result = task?.result
  if (result === undefined || !('latency' in result)) throw new Error(`no result for ${batch.name}`)
  const perSecond = (batch.pairs.length / result.latency.mean) * 1000
  const ok = perSecond >= TARGETS[batch.kind] ? 'ok' : 'BELOW TARGET'
  console.log(
    `  ${batch.name}: ${Math.round(perSecond).toLocaleString('en-US')} checks/s (target ${TARGETS[batch.kind].toLocaleString('en-US')}) ${ok}`,
  )
}

console.log('\npathological inputs (math, default time limit 1,000 ms)')
for (const pair of pathologicalPairs()) {
  const started = performance.now()
  const match = matchMath(pair.output, pair.target)
  const ms = performance.now() - started
  console.log(`  ${pair.name}: ${ms.toFixed(1)} ms, pass ${match.pass}: ${match.explanation.slice(0, 90)}`)
}
