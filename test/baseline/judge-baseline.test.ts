import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { loadBaseline, updateBaseline, writeBaseline } from '../../src/baseline/baseline-file.ts'
import { measuredById } from '../../src/baseline/baseline-judge.ts'
import { buildReport } from '../../src/report/build-report.ts'
import type { BenchmarkRecords, SampleOutcome } from '../../src/records/collect-runs.ts'
import { ReportSchema, type Baseline } from '../../src/schema/index.ts'
import { scoresBySample } from '../../src/report/observations.ts'

type Verdict = 'win' | 'loss' | null

// a pairwise judge measured against human labels: each sample's label, and its verdict in each order
function measured(id: string, expected: 'win' | 'loss', original: Verdict, swapped: Verdict): SampleOutcome {
  const right = (verdict: Verdict): number => (verdict === expected ? 1 : 0)
  const scores = {
    judge_agreement: (right(original) + right(swapped)) / 2,
    judge_agreement_original: right(original),
    judge_agreement_swapped: right(swapped),
    judge_agreement_both: right(original) * right(swapped),
    position_consistency: original === swapped ? 1 : 0,
  }
  const record = {
    name: 'preference',
    status: 'judged' as const,
    judges: ['grader'],
    calls: { live: 2, stored: 0, invalid: 0 },
    verdicts: { original, swapped },
    expected,
  }
  return { meta: { kind: 'sample', sampleId: id, status: 'scored', scores, judge: [record] }, status: 'right', name: id }
}

const ids = Array.from({ length: 60 }, (_, i) => `s${String(i).padStart(2, '0')}`)
const label = (i: number): 'win' | 'loss' => (i % 2 === 0 ? 'win' : 'loss')
const flip = (verdict: 'win' | 'loss'): 'win' | 'loss' => (verdict === 'win' ? 'loss' : 'win')

// every verdict right in both orders, except the first `wrong` samples' verdict in the original order
const judged = (wrong: number): SampleOutcome[] =>
  ids.map((id, i) => measured(id, label(i), i < wrong ? flip(label(i)) : label(i), label(i)))

function run(samples: SampleOutcome[]): BenchmarkRecords {
  return {
    meta: {
      kind: 'benchmark',
      name: 'preferences',
      model: 'grader',
      primaryMetric: 'judge_agreement',
      thresholds: {},
      maxErrors: 0,
      regression: { metric: 'judge_kappa_original', maxDrop: 0.05, alpha: 0.05 },
    },
    file: 'evals/preferences.eval.ts',
    samples,
  }
}

function report(samples: SampleOutcome[], entry: Baseline['models'][string] | undefined, updating = false) {
  const context = {
    createdAt: '2025-01-01T00:00:00.000Z',
    catalog: createMetricCatalog(),
    baseline: { file: 'evals/__baselines__/preferences.json', entry },
    updating,
    missingBaselineFails: true,
  }
  return ReportSchema.parse(buildReport(run(samples), context))
}

const baselineOf = (samples: SampleOutcome[]): Baseline =>
  updateBaseline(null, 'preferences', [
    { model: 'grader', scores: scoresBySample(samples), judged: measuredById(samples), declared: new Set(ids) },
  ])

describe("a judge's kappas and correlations against the baseline", () => {
  const entry = baselineOf(judged(0)).models.grader

  it('fails the regression gate on a kappa that dropped clearly, with the paired bootstrap over the shared samples', () => {
    const { baseline, gates } = report(judged(20), entry)
    const kappa = baseline!.metrics.find((c) => c.metric === 'judge_kappa_original')!
    // 20 of 60 verdicts wrong, balanced labels: agreement 2/3 against chance 1/2
    expect(kappa).toMatchObject({
      test: 'paired-bootstrap',
      n: 60,
      baseline: 1,
      current: expect.closeTo(1 / 3, 12),
      delta: expect.closeTo(-2 / 3, 12),
      worse: 20,
      better: 0,
    })
    expect(kappa.pValue).toBeLessThan(0.001)
    expect(kappa.interval!.upper).toBeLessThan(-0.4)
    expect(baseline!.metrics.find((c) => c.metric === 'position_kappa')).toMatchObject({
      baseline: 1,
      worse: 20,
      delta: expect.closeTo(-2 / 3, 12),
    })
    expect(baseline!.metrics.find((c) => c.metric === 'judge_kappa_swapped')).toMatchObject({ delta: 0, pValue: 1, worse: 0, better: 0 })
    expect(gates).toEqual([
      expect.objectContaining({ kind: 'regression', metric: 'judge_kappa_original', outcome: 'regressed', passed: false }),
    ])
  })

  it('passes a drop of two verdicts, more than maxDrop but not significant', () => {
    const { baseline, gates } = report(judged(2), entry)
    const kappa = baseline!.metrics.find((c) => c.metric === 'judge_kappa_original')!
    // 58 of 60 right: (58/60 − 1/2) / (1/2)
    expect(kappa).toMatchObject({ n: 60, baseline: 1, delta: expect.closeTo(-1 / 15, 12), worse: 2, better: 0 })
    expect(kappa.pValue).toBeGreaterThan(0.05)
    expect(gates).toEqual([expect.objectContaining({ outcome: 'not-significant', passed: true })])
  })

  it('compares on the shared samples only, recomputing the figure on them in both runs', () => {
    // the baseline knows the last 30 samples; of those, the run gets s30–s39 wrong in the original order
    const half = baselineOf(judged(0).slice(30)).models.grader
    const samples = ids.map((id, i) => measured(id, label(i), i >= 30 && i < 40 ? flip(label(i)) : label(i), label(i)))
    const { baseline } = report(samples, half)
    expect(baseline).toMatchObject({ shared: 30, newSamples: ids.slice(0, 30) })
    // on s30–s59: 20 of 30 right, balanced: (2/3 − 1/2) / (1/2)
    expect(baseline!.metrics.find((c) => c.metric === 'judge_kappa_original')).toMatchObject({
      n: 30,
      baseline: 1,
      current: expect.closeTo(1 / 3, 12),
    })
  })

  it('still reads a baseline written before it kept verdicts, comparing only the per-sample metrics', () => {
    const { judge: _, ...old } = entry!
    const { baseline, gates } = report(judged(20), old)
    expect(baseline!.metrics.map((c) => c.metric)).toEqual([
      'judge_agreement',
      'judge_agreement_both',
      'judge_agreement_original',
      'judge_agreement_swapped',
      'position_consistency',
    ])
    expect(gates[0]).toMatchObject({ outcome: 'no-baseline', passed: false })
  })

  it("correlates a numeric judge's grades with the human scores in both runs", () => {
    const graded = (id: string, human: number, grade: number | null): SampleOutcome => {
      const record = {
        name: 'grade',
        status: 'judged' as const,
        judges: ['grader'],
        calls: { live: 1, stored: 0, invalid: 0 },
        verdicts: { original: grade },
        expected: human,
      }
      return {
        meta: {
          kind: 'sample',
          sampleId: id,
          status: 'scored',
          scores: { judge_mae: grade === null ? 4 : Math.abs(grade - human) },
          judge: [record],
        },
        status: 'right',
        name: id,
      }
    }
    const human = (i: number): number => 1 + (i % 5)
    const before = ids.map((id, i) => graded(id, human(i), human(i)))
    // the grades now ignore the human score on every other sample, and one reply is invalid
    const after = ids.map((id, i) => graded(id, human(i), i === 0 ? null : i % 2 === 0 ? 6 - human(i) : human(i)))
    const { baseline } = report(after, baselineOf(before).models.grader)
    const spearman = baseline!.metrics.find((c) => c.metric === 'judge_spearman')!
    expect(spearman).toMatchObject({ test: 'paired-bootstrap', n: 60, baseline: 1 })
    expect(spearman.delta).toBeLessThan(-0.5)
    expect(spearman.pValue).toBeLessThan(0.001)
    expect(baseline!.metrics.find((c) => c.metric === 'judge_pearson')).toMatchObject({ baseline: 1 })
  })
})

describe('-u, then the next run', () => {
  const dir = mkdtemp(join(tmpdir(), 'evalsuite-judge-baseline-'))
  afterAll(async () => rm(await dir, { recursive: true, force: true }))

  it("writes each measured sample's label and verdicts, one sample per line, and the next run compares its kappas", async () => {
    const file = join(await dir, 'preferences.json')
    const written = report(judged(0), undefined, true)
    expect(written.gates[0]).toMatchObject({ outcome: 'updating', passed: true })
    await writeBaseline(file, baselineOf(judged(0)))
    const text = await readFile(file, 'utf8')
    expect(text.split('\n').slice(4, 10)).toEqual([
      '      "judge": {',
      '        "expected": {',
      '          "s00": "win",',
      '          "s01": "loss",',
      '          "s02": "win",',
      '          "s03": "loss",',
    ])
    expect(text).toContain('"original": {\n          "s00": "win",')
    expect(text).toContain('"swapped": {\n          "s00": "win",')
    const loaded = await loadBaseline(file, 'evals/__baselines__/preferences.json')
    const next = report(judged(20), loaded!.models.grader)
    expect(next.baseline!.metrics.map((c) => c.metric)).toContain('judge_kappa_original')
    expect(next.gates[0]).toMatchObject({ outcome: 'regressed', passed: false })
  })
})
