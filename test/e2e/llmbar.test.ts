import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { llmbarFigures } from '../../fixtures/llmbar-replay/llmbar-figures.ts'
import { LLMBAR_SETS, LLMBAR_STRATEGIES, llmbarBenchmarkName, type LlmbarReplies } from '../../fixtures/llmbar-replay/llmbar-sets.ts'
import { copyFixture } from '../support/fixture-copy.ts'
import { readReport, runVitest } from './run-fixture.ts'

const PROJECT = copyFixture('llmbar-replay')
// the copy is not beside fixtures/real, where the project finds the slice by default
const DATA = fileURLToPath(new URL('../../fixtures/real/llmbar', import.meta.url))
const SLICE = fileURLToPath(new URL('../../fixtures/real/llmbar/LLMBar/', import.meta.url))

// LLMBar's own reading of the slice: the winners it recorded, as counts, and the kappa between the orders from them
const readReplies = (set: string, strategy: string): LlmbarReplies[] =>
  readFileSync(`${SLICE}${set}/GPT-4/${strategy}/replies.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as LlmbarReplies)

function recorded(set: string, strategy: string) {
  const rows = readReplies(set, strategy)
  const count = (test: (row: LlmbarReplies) => boolean): number => rows.filter(test).length
  const right = (winner: string | null, row: LlmbarReplies): boolean => winner === String(row.label)
  // the two orders' 1/0 codes as a 2 × 2 table: po and pe from its margins
  const ones = [count((r) => r.original.winner === '1'), count((r) => r.swapped.winner === '1')]
  const n = rows.length
  const po = count((r) => r.original.winner === r.swapped.winner) / n
  const pe = (ones[0]! * ones[1]! + (n - ones[0]!) * (n - ones[1]!)) / (n * n)
  return {
    instances: n,
    correct_False: count((r) => right(r.original.winner, r)),
    correct_True: count((r) => right(r.swapped.winner, r)),
    correct_both: count((r) => right(r.original.winner, r) && right(r.swapped.winner, r)),
    equal: count((r) => r.original.winner === r.swapped.winner),
    kappa_agreement: (po - pe) / (1 - pe),
  }
}

// human label × verdict per order, from the recorded winners ("1": output_1 won, a win for the output under test)
function confusion(set: string, strategy: string): Record<'original' | 'swapped', Record<string, Record<string, number>>> {
  const matrices = { original: {} as Record<string, Record<string, number>>, swapped: {} as Record<string, Record<string, number>> }
  for (const row of readReplies(set, strategy)) {
    const label = row.label === 1 ? 'win' : 'loss'
    for (const order of ['original', 'swapped'] as const) {
      const verdict = row[order].winner === null ? 'none' : row[order].winner === '1' ? 'win' : 'loss'
      const counts = (matrices[order][label] ??= {})
      counts[verdict] = (counts[verdict] ?? 0) + 1
    }
  }
  return matrices
}

describe("LLMBar's recorded GPT-4 judgments, replayed as the judge's replies and read with LLMBar's patterns", () => {
  it('give exactly the counts and the kappa between the orders that LLMBar reads from them, on every set and strategy', async () => {
    const run = await runVitest(['evals'], { LLMBAR_DATA: DATA }, PROJECT)
    expect(run.code, run.stderr).toBe(0)
    // 300 samples, and three gate tests (two thresholds, the error allowance) for each of the ten benchmarks
    expect(run.stdout).toMatch(/Tests {2}330 passed \(330\)/)
    for (const set of LLMBAR_SETS) {
      for (const strategy of LLMBAR_STRATEGIES) {
        const { kappa_agreement, ...counts } = recorded(set, strategy)
        const report = await readReport(llmbarBenchmarkName(set, strategy), PROJECT)
        const { kappa_agreement: betweenOrders, kappa_False: _, kappa_True: __, ...figures } = llmbarFigures(report)
        expect({ set, strategy, ...figures }).toEqual({ set, strategy, ...counts })
        expect(betweenOrders).toBeCloseTo(kappa_agreement, 12)
        expect(report.judge?.confusion).toEqual(confusion(set, strategy))
        expect(report.gates.map((gate) => [gate.metric, gate.passed])).toEqual([
          ['judge_agreement', true],
          ['position_kappa', true],
        ])
      }
    }
    // what is under test is the judge: the report, and its baseline entry, are the judge model's
    expect(await readReport('llmbar-natural-vanilla', PROJECT)).toMatchObject({
      model: 'gpt-4 vanilla (recorded)',
      primaryMetric: 'judge_agreement',
    })
  })
})
