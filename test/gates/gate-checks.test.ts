import { describe, expect, it } from 'vitest'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { buildReport, type ReportContext } from '../../src/report/build-report.ts'
import type { BenchmarkRecords } from '../../src/records/collect-runs.ts'
import { gateTests, gateTestName, evaluateGate } from '../../src/gates/index.ts'
import { sampleOutcome } from '../../src/records/index.ts'
import type { BenchmarkMeta, SampleMeta } from '../../src/schema/index.ts'

const META: BenchmarkMeta = {
  kind: 'benchmark',
  name: 'qa',
  model: 'gpt-test',
  thresholds: { accuracy: { min: 0.7, subsets: { hard: 0.5 } }, latency: { max: 2000 } },
  regression: { maxDrop: 0.02, alpha: 0.05 },
  maxErrors: 1,
}

const scored = (sampleId: string, accuracy: number, subset = 'easy'): SampleMeta => ({
  kind: 'sample',
  sampleId,
  subset,
  status: 'scored',
  scores: { accuracy },
})

const CONTEXT: ReportContext = {
  createdAt: '2025-01-01T00:00:00.000Z',
  catalog: createMetricCatalog(),
  baseline: { file: 'evals/__baselines__/qa.json', entry: { metrics: { accuracy: { a: 1, b: 1, c: 1, d: 1 } } } },
  updating: false,
  missingBaselineFails: true,
}

describe('sampleOutcome', () => {
  it('reads a skipped test by its record: a wrong answer, an error within maxErrors, a sample that did not run', () => {
    expect(sampleOutcome(scored('a', 0), 'a', 'skipped', []).status).toBe('wrong')
    expect(sampleOutcome(scored('a', 1), 'a', 'passed', []).status).toBe('right')
    expect(sampleOutcome({ kind: 'sample', sampleId: 'a', status: 'errored', error: 'HTTP 500' }, 'a', 'skipped', [])).toEqual({
      meta: { kind: 'sample', sampleId: 'a', status: 'errored', error: 'HTTP 500' },
      status: 'errored',
      name: 'a',
      error: 'HTTP 500',
    })
    expect(sampleOutcome({ kind: 'sample', sampleId: 'a', status: 'pending' }, 'a', 'skipped', []).status).toBe('skipped')
    expect(sampleOutcome({ kind: 'sample', sampleId: 'a', status: 'pending', notRun: 'cost-limit' }, 'a', 'skipped', []).status).toBe(
      'skipped',
    )
  })

  it('counts a test that failed after scoring, or never finished, as errored, and says its test failed', () => {
    expect(sampleOutcome(scored('a', 1), 'a', 'failed', [{ message: 'hook failed' }])).toMatchObject({
      status: 'errored',
      error: 'hook failed',
      testFailed: true,
    })
    expect(
      sampleOutcome({ kind: 'sample', sampleId: 'a', status: 'pending' }, 'a', 'failed', [{ message: 'Test timed out in 300ms.' }]),
    ).toMatchObject({
      status: 'errored',
      error: 'Test timed out in 300ms.',
      testFailed: true,
    })
  })
})

describe('gate tests', () => {
  it('are named for their gates before the run, in the order the report evaluates them, the error allowance last', () => {
    expect(gateTests(META).map(gateTestName)).toEqual([
      'gate: accuracy ≥ 0.7',
      'gate: accuracy (subset hard) ≥ 0.5',
      'gate: latency ≤ 2000',
      'gate: no regression of the primary metric (maxDrop 0.02, α 0.05)',
      'gate: errored samples ≤ 1 (maxErrors)',
    ])
    expect(gateTestName({ kind: 'threshold', metric: 'f1', subset: null, min: 0.5, max: 0.9 })).toBe('gate: f1 in [0.5, 0.9]')
  })

  it("names the regression gate for the metric the benchmark's meta says it watches, so that -t accuracy selects it", () => {
    const watching = (metric: string): BenchmarkMeta => ({ ...META, regression: { ...META.regression!, metric } })
    expect(gateTests(watching('accuracy')).map(gateTestName)).toContain('gate: no regression of accuracy (maxDrop 0.02, α 0.05)')
    expect(gateTests(watching('circular_accuracy')).map(gateTestName)).toContain(
      'gate: no regression of circular_accuracy (maxDrop 0.02, α 0.05)',
    )
  })

  it('judge each gate as the report does, with the metric, its interval, the threshold and the baseline change', () => {
    const samples = [scored('a', 1), scored('b', 0), scored('c', 1, 'hard'), scored('d', 0, 'hard')].map((meta) =>
      sampleOutcome(meta, meta.sampleId, meta.scores?.accuracy ? 'passed' : 'skipped', []),
    )
    const run: BenchmarkRecords = { meta: META, file: 'evals/qa.eval.ts', samples }
    const report = buildReport(run, CONTEXT)
    const judged = gateTests(META).map((planned) => evaluateGate(report, planned))
    expect(judged.map((j) => j.passed)).toEqual([false, true, false, true, true])
    expect(judged.map((j) => j.summary)).toMatchInlineSnapshot(`
      [
        "qa [gpt-test] gate accuracy FAILED (0.5 < min 0.7): accuracy 50.0% [8.9%, 91.1%] (n 4), threshold ≥ 70.0%, baseline 100.0% (-50.0, p=0.50)",
        "qa [gpt-test] gate accuracy (subset hard) held (0.5 ≥ 0.5): accuracy (subset hard) 50.0% [2.6%, 97.4%] (n 2), threshold ≥ 50.0%",
        "qa [gpt-test] gate latency FAILED (no scored sample has "latency"): latency: no score, threshold ≤ 2000 ms",
        "qa [gpt-test] regression gate on accuracy held (dropped 50.0 points, more than maxDrop 2.0 points, but not significant (p=0.50 ≥ α 0.05)): accuracy 50.0% [8.9%, 91.1%] (n 4), baseline 100.0% (-50.0, p=0.50, n 4)",
        "qa [gpt-test] errors held: 0 errored sample(s), maxErrors 1",
      ]
    `)
  })

  it('fail the error allowance past maxErrors, and on a sample a test timeout failed within it', () => {
    const errored = (sampleId: string, state: 'skipped' | 'failed') =>
      sampleOutcome({ kind: 'sample', sampleId, status: 'errored', error: 'HTTP 500' }, sampleId, state, [])
    const budget = { kind: 'errors' as const, maxErrors: 1 }
    const over = buildReport(
      {
        meta: META,
        file: 'evals/qa.eval.ts',
        samples: [errored('a', 'skipped'), errored('b', 'failed'), sampleOutcome(scored('c', 1), 'c', 'passed', [])],
      },
      CONTEXT,
    )
    expect(evaluateGate(over, budget)).toEqual({
      passed: false,
      summary: 'qa [gpt-test] errors FAILED: 2 errored sample(s), maxErrors 1; errored: a: HTTP 500; b: HTTP 500',
    })
    const timedOut = sampleOutcome({ kind: 'sample', sampleId: 'a', status: 'pending' }, 'a', 'failed', [
      { message: 'Test timed out in 300ms.' },
    ])
    const within = buildReport(
      { meta: META, file: 'evals/qa.eval.ts', samples: [timedOut, sampleOutcome(scored('c', 1), 'c', 'passed', [])] },
      CONTEXT,
    )
    expect(within.passed).toBe(false)
    expect(within.diagnostics.find((d) => d.code === 'errored-test-failed')?.message).toBe(
      "1 errored sample(s) failed their tests although within maxErrors 1 (a): a test timeout ends a sample before maxErrors can allow it; give the model calls a timeout of their own (timeoutMs), shorter than the benchmark's",
    )
    expect(evaluateGate(within, budget).passed).toBe(false)
  })

  it("judge every gate alike from a report that keeps rows of the errored samples only, as a gate test's does", () => {
    const errored = sampleOutcome({ kind: 'sample', sampleId: 'e', status: 'errored', error: 'HTTP 500' }, 'e', 'skipped', [])
    const samples = [scored('a', 1), scored('b', 0), scored('c', 1, 'hard')].map((meta) =>
      sampleOutcome(meta, meta.sampleId, meta.scores?.accuracy ? 'passed' : 'skipped', []),
    )
    const run: BenchmarkRecords = { meta: META, file: 'evals/qa.eval.ts', samples: [...samples, errored] }
    const whole = buildReport(run, CONTEXT)
    const lean = buildReport(run, { ...CONTEXT, sampleRows: 'errored' })
    expect(lean.samples).toEqual(whole.samples.filter((row) => row.status === 'errored'))
    expect({ ...lean, samples: [] }).toEqual({ ...whole, samples: [] })
    expect(gateTests(META).map((planned) => evaluateGate(lean, planned))).toEqual(
      gateTests(META).map((planned) => evaluateGate(whole, planned)),
    )
  })
})
