import { describe, expect, it } from 'vitest'
import { readReport, runVitest, tableRows } from './run-fixture.ts'

describe('built-in benchmarks, run end to end with a function model', () => {
  it("score gsm8k and mmlu from local files, with mmlu's categories as subsets", async () => {
    const run = await runVitest(['builtins'])
    expect(run.code).toBe(0)
    expect(tableRows(run.stdout, 'gsm8k').filter((row) => !row.includes('latency'))).toEqual([
      'gsm8k | all | accuracy | 3! | 66.7% | [11.8%, 98.3%] | pass ≥ 60.0%',
      'gsm8k: 1 wrong: b25a01ec03e9: target 30, read 35 from "…es on each of 7 days.\\nANSWER: 35" (number)',
      'gsm8k: note: only 3 samples: the 95% interval of accuracy spans 86.4 points, so smaller changes cannot be told from noise',
    ])
    const gsm8k = await readReport('gsm8k')
    expect(gsm8k.samples.map((s) => [s.status, s.extracted])).toEqual([
      ['right', '7'],
      ['right', '1200'],
      ['wrong', '35'],
    ])
    const mmlu = await readReport('mmlu')
    expect(mmlu.counts).toEqual({ samples: 4, right: 3, wrong: 1, errored: 0, skipped: 0 })
    const accuracy = mmlu.metrics.filter((row) => row.metric === 'accuracy')
    expect(accuracy.map((row) => [row.subset, row.averaging, row.n, row.value])).toEqual([
      [null, 'micro', 4, 0.75],
      [null, 'macro', 4, 0.75],
      ['STEM', 'micro', 2, 1],
      ['other', 'micro', 2, 0.5],
    ])
    expect(mmlu.samples.map((s) => s.id.split('-')[0])).toEqual(['astronomy', 'astronomy', 'virology', 'virology'])
  })

  it('fails collection for a subset it does not have, naming the line of the describeBenchmark call', async () => {
    const run = await runVitest(['unknown-subset'])
    expect(run.code).toBe(1)
    expect(`${run.stdout}${run.stderr}`).toContain(
      'describeBenchmark("mmlu") at evals/unknown-subset.eval.ts:4: option "subset" names unknown subsets "maths"; the subsets are "STEM", "humanities", "social sciences", "other".',
    )
  })
})
