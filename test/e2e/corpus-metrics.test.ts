import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/schema/index.ts'
import { FIXTURE, readReport, runVitest, scoreRows, type VitestRun } from './run-fixture.ts'

const BASELINE = `${FIXTURE}evals/__baselines__/sentiment.json`
const BLOBS = '.vitest-reports-corpus'

const overall = (report: Report, metric: string) => report.metrics.find((row) => row.metric === metric && row.subset === null)
const gate = (report: Report, kind: 'threshold' | 'regression') => report.gates.find((g) => g.kind === kind)

// each test runs Vitest in the fixture, up to five times for the shards: minutes on a loaded machine
describe('corpus metrics of a three-label sentiment benchmark, as a user runs it', { timeout: 300_000 }, () => {
  // the run that writes the baseline every other test compares with
  let written: { run: VitestRun; report: Report }
  beforeAll(async () => {
    await rm(BASELINE, { force: true })
    const run = await runVitest(['sentiment', '-u'])
    written = { run, report: await readReport('sentiment') }
  }, 120_000)
  afterAll(async () => {
    await rm(BASELINE, { force: true })
    await rm(`${FIXTURE}${BLOBS}`, { recursive: true, force: true })
  })

  it('reports macro-F1, per-label F1 and kappa as computed by hand, each with the interval of its method, and writes them into the baseline', async () => {
    const { run, report } = written
    expect(run.code).toBe(0)
    // the values of test/metrics/classification.test.ts: five copies of its 12 samples change no ratio
    const expected: Record<string, number> = { macro_f1: 5 / 9, f1_pos: 0.6, f1_neg: 2 / 3, f1_neu: 0.4, micro_f1: 7 / 12, kappa: 33 / 93 }
    for (const [metric, value] of Object.entries(expected)) {
      const row = overall(report, metric)!
      expect(row, metric).toMatchObject({ aggregation: 'corpus', n: 60, samples: 60 })
      expect(row.value, metric).toBeCloseTo(value, 12)
      const method = metric.startsWith('f1_') ? 'jaccard-wilson' : metric === 'micro_f1' ? 'bootstrap-score' : 'dirichlet'
      expect(row.interval, metric).toMatchObject({ level: 0.95, method })
      expect(row.interval!.lower, metric).toBeLessThan(value)
      expect(row.interval!.upper, metric).toBeGreaterThan(value)
    }
    expect(report.primaryMetric).toBe('macro_f1')
    expect(report.metrics.filter((row) => row.metric === 'macro_f1').map((row) => row.subset)).toEqual([null, 'long', 'short'])
    expect(report.catalog.f1_neu).toMatchObject({ kind: 'score', direction: 'higher', display: 'percent' })
    expect(gate(report, 'threshold')).toMatchObject({ metric: 'macro_f1', passed: true })
    expect(run.stdout).toContain('baseline written: evals/__baselines__/sentiment.json')
  })

  it('fails the threshold on macro-F1 when the floor is above it, and holds the regression gate when nothing changed', async () => {
    const run = await runVitest(['sentiment'], { SENTIMENT_MIN_F1: '0.6' })
    expect(run.code).toBe(1)
    const report = await readReport('sentiment')
    expect(gate(report, 'threshold')).toMatchObject({ passed: false, reason: '0.556 < min 0.6' })
    expect(gate(report, 'regression')).toMatchObject({ metric: 'macro_f1', outcome: 'no-drop', passed: true })
    expect(report.baseline!.metrics.find((c) => c.metric === 'macro_f1')).toMatchObject({
      test: 'paired-bootstrap',
      n: 60,
      delta: 0,
      pValue: 1,
    })
  })

  it('fails the regression gate on macro-F1 by a paired bootstrap when the classifier got worse', async () => {
    const run = await runVitest(['sentiment'], { EVALSUITE_FIXTURE_QUALITY: 'worse' })
    expect(run.code).toBe(1)
    const report = await readReport('sentiment')
    const comparison = report.baseline!.metrics.find((c) => c.metric === 'macro_f1')!
    // every "neg" sample now answered "pos": 15 right answers lost, none gained
    expect(comparison).toMatchObject({ test: 'paired-bootstrap', n: 60, worse: 15, better: 0 })
    expect(comparison.delta).toBeLessThan(-0.2)
    expect(comparison.pValue).toBeLessThan(0.05)
    expect(gate(report, 'regression')).toMatchObject({ outcome: 'regressed', passed: false })
    expect(run.stdout).toContain('regression gate on macro_f1 failed')
  })

  it('merges shards to exactly the unsharded figures, intervals, baseline comparison and gates', async () => {
    const whole = await runVitest(['sentiment'])
    expect(whole.code).toBe(0)
    const unsharded = await readReport('sentiment')
    // sample-level shards: each run holds some of the benchmark's samples, and evaluates no gate
    for (const index of [1, 2]) {
      const part = await runVitest(['sentiment', '--reporter=blob', `--outputFile.blob=${BLOBS}/blob-${index}.json`], {
        EVALSUITE_SHARD: `${index}/2`,
      })
      expect(part.code).toBe(0)
    }
    const merged = await runVitest([`--merge-reports=${BLOBS}`])
    expect(merged.code).toBe(0)
    const fromShards = await readReport('sentiment')
    expect(fromShards.shards).toEqual({ count: 2, merged: [1, 2] })
    expect(scoreRows(fromShards)).toEqual(scoreRows(unsharded))
    expect(fromShards.baseline).toEqual(unsharded.baseline)
    expect(fromShards.gates).toEqual(unsharded.gates)
  })
})

describe("a benchmark's own aggregate", { timeout: 300_000 }, () => {
  afterAll(() => rm(`${FIXTURE}${BLOBS}-own`, { recursive: true, force: true }))

  it('reports its corpus metric with an interval, and gates on it', async () => {
    const run = await runVitest(['corpus-own'])
    expect(run.code).toBe(0)
    const report = await readReport('corpus-own')
    const row = overall(report, 'balanced_accuracy')!
    // (3/5 + 3/4 + 1/3) / 3
    expect(row.value).toBeCloseTo(0.5611111, 7)
    expect(row).toMatchObject({ aggregation: 'corpus', n: 12, interval: { method: 'bootstrap-score', resamples: 2000 } })
    expect(gate(report, 'threshold')).toMatchObject({ metric: 'balanced_accuracy', passed: true })
  })

  it('merges shards to exactly the unsharded figure, interval, baseline comparison and gates, the reporter running the aggregate on the merged samples', async () => {
    const whole = await runVitest(['corpus-m'])
    // corpus-merge's committed baseline answered better: its regression gate fails, sharded or not
    expect(whole.code).toBe(1)
    const unsharded = await readReport('corpus-merge')
    expect(overall(unsharded, 'balanced_accuracy')!.value).toBeCloseTo(0.5611111, 7)
    expect(unsharded.gates.map((g) => [g.kind, g.passed])).toEqual([
      ['threshold', true],
      ['regression', false],
    ])
    for (const index of [1, 2]) {
      const part = await runVitest(['corpus-m', '--reporter=blob', `--outputFile.blob=${BLOBS}-own/blob-${index}.json`], {
        EVALSUITE_SHARD: `${index}/2`,
      })
      expect(part.code).toBe(0)
    }
    const merged = await runVitest([`--merge-reports=${BLOBS}-own`])
    expect(merged.code).toBe(1)
    const fromShards = await readReport('corpus-merge')
    expect(fromShards.shards).toEqual({ count: 2, merged: [1, 2] })
    expect(scoreRows(fromShards)).toEqual(scoreRows(unsharded))
    expect(fromShards.baseline).toEqual(unsharded.baseline)
    expect(fromShards.baseline!.metrics.find((c) => c.metric === 'balanced_accuracy')).toMatchObject({ test: 'paired-bootstrap', n: 48 })
    expect(fromShards.gates).toEqual(unsharded.gates)
    expect(fromShards.diagnostics).toEqual(unsharded.diagnostics)

    // beside a test of Vitest's own, the eval file cannot be imported outside a worker: the figure is left out, and why
    const mixed = await readReport('corpus-mixed')
    expect(mixed.metrics.some((row) => row.metric === 'balanced_accuracy')).toBe(false)
    expect(mixed.diagnostics.find((d) => d.code === 'aggregate-sharded')).toMatchInlineSnapshot(`
      {
        "code": "aggregate-sharded",
        "message": "the benchmark's own aggregate ("balanced_accuracy") could not run on the merged shards' samples, so its figures are left out: importing "evals/corpus-mixed.eval.ts" outside Vitest's test workers failed (Vitest failed to find the current suite.); there describeBenchmark only records its benchmarks, and Vitest's describe, it and test cannot run, so keep those out of the top level of an eval file with an aggregate",
        "severity": "warning",
      }
    `)
  })
})
