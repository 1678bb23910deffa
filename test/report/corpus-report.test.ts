import { describe, expect, it } from 'vitest'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { updateBaseline } from '../../src/baseline/baseline-file.ts'
import { buildReport, type ReportContext } from '../../src/report/build-report.ts'
import type { BenchmarkRecords, SampleOutcome } from '../../src/records/collect-runs.ts'
import { baselineAnswersOf, corpusFigures } from '../../src/baseline/corpus-figures.ts'
import { evaluateBenchmark } from '../../src/report/report-run.ts'
import { renderReports } from '../../src/render/render-table.ts'
import { ReportSchema, type Baseline, type BenchmarkMeta } from '../../src/schema/index.ts'

const META: BenchmarkMeta = { kind: 'benchmark', name: 'sentiment', model: 'm', thresholds: {}, maxErrors: 0, classification: true }
const TARGETS = ['pos', 'pos', 'pos', 'pos', 'pos', 'neg', 'neg', 'neg', 'neg', 'neu', 'neu', 'neu']
const ANSWERS = ['pos', 'pos', 'pos', 'neg', 'neu', 'neg', 'neg', 'pos', 'neg', 'neu', 'pos', 'neg']

function outcome(index: number, answer: string | null, target = TARGETS[index % 12]!): SampleOutcome {
  const right = answer === target
  const check = { matcher: 'toMatchAnswer', kind: 'exact', pass: right, target, extracted: answer, passage: answer, explanation: '' }
  const meta = {
    kind: 'sample' as const,
    sampleId: `t${String(index).padStart(2, '0')}`,
    status: 'scored' as const,
    scores: { accuracy: right ? 1 : 0 },
    target,
    checks: [check],
  }
  return { meta, status: right ? 'right' : 'wrong', name: meta.sampleId }
}

const SAMPLES = Array.from({ length: 60 }, (_, i) => outcome(i, ANSWERS[i % 12]!))

function context(entry?: Baseline['models'][string]): ReportContext {
  const baseline = { file: 'evals/__baselines__/sentiment.json', entry }
  return { createdAt: '2026-01-01T00:00:00.000Z', catalog: createMetricCatalog(), baseline, updating: false, missingBaselineFails: true }
}

const run = (samples: SampleOutcome[], meta: Partial<BenchmarkMeta> = {}): BenchmarkRecords => ({
  meta: { ...META, ...meta },
  file: 'evals/sentiment.eval.ts',
  samples,
})

describe('a report with classification figures', () => {
  it('has their corpus rows beside the per-sample means, gates them, and validates against the report schema', () => {
    const report = buildReport(run(SAMPLES, { primaryMetric: 'macro_f1', thresholds: { macro_f1: 0.6, kappa: 0.3 } }), context())
    const macro = report.metrics.find((row) => row.metric === 'macro_f1')!
    expect(macro).toMatchObject({ aggregation: 'corpus', subset: null, n: 60, samples: 60 })
    expect(macro.value).toBeCloseTo(5 / 9, 12)
    expect(report.metrics[0]!.metric).toBe('macro_f1')
    expect(report.gates.map((gate) => [gate.metric, gate.passed, gate.reason])).toEqual([
      ['macro_f1', false, '0.556 < min 0.6'],
      ['kappa', true, '0.355 ≥ 0.3'],
    ])
    expect(ReportSchema.parse(report)).toEqual(report)
  })

  it('compares them with a baseline that kept the answers, on the shared samples, beside the per-sample comparisons', () => {
    const baselineEntry = {
      metrics: { accuracy: Object.fromEntries(SAMPLES.map((s) => [s.meta.sampleId, s.meta.scores!.accuracy!])) },
      answers: baselineAnswersOf(SAMPLES)!,
    }
    // every "neg" sample now answered "pos"
    const worse = SAMPLES.map((sample, i) => (TARGETS[i % 12] === 'neg' ? outcome(i, 'pos') : sample))
    const report = buildReport(run(worse, { regression: { maxDrop: 0.02, alpha: 0.05, metric: 'macro_f1' } }), context(baselineEntry))
    const comparison = report.baseline!.metrics.find((c) => c.metric === 'macro_f1')!
    expect(comparison).toMatchObject({ test: 'paired-bootstrap', n: 60, baseline: expect.closeTo(5 / 9, 12), worse: 15, better: 0 })
    expect(comparison.interval).toMatchObject({ resamples: 2000 })
    expect(report.baseline!.metrics.find((c) => c.metric === 'accuracy')).toMatchObject({ test: 'mcnemar' })
    expect(report.gates.find((gate) => gate.kind === 'regression')).toMatchObject({
      metric: 'macro_f1',
      outcome: 'regressed',
      passed: false,
    })
  })

  it('compares no corpus figure with a baseline written before it kept answers', () => {
    const report = buildReport(
      run(SAMPLES, { regression: { maxDrop: 0.02, alpha: 0.05, metric: 'macro_f1' } }),
      context({ metrics: { accuracy: { t00: 1 } } }),
    )
    expect(report.baseline!.metrics.map((c) => c.metric)).toEqual(['accuracy'])
    expect(report.gates[0]).toMatchObject({ outcome: 'no-baseline', passed: false })
  })
})

describe('per-label figures of labels a metric name cannot spell', () => {
  // "a-b" always answered right, "a_b" never: one name each, and each label's figures its own
  const labelled = ['a-b', 'a_b', 'a-b', 'a_b'].map((target, i) => outcome(i, target === 'a-b' ? 'a-b' : 'x', target))

  it('gate the figure of the label they name, and show the label beside the name in the table', () => {
    const report = buildReport(run(labelled, { thresholds: { f1_a_b: { max: 0.1 }, f1_a__2d_b: 0.9 } }), context())
    expect(report.gates.map((gate) => [gate.metric, gate.passed])).toEqual([
      ['f1_a_b', true],
      ['f1_a__2d_b', true],
    ])
    expect(report.catalog.f1_a__2d_b?.description).toMatch(/^Label "a-b"\./)
    const table = renderReports([report], { color: false }).split('\n')
    expect(
      table
        .filter((line) => /\bf1_a/.test(line))
        .map((line) =>
          line
            .split(/\s{2,}/)
            .slice(3, 6)
            .join(' | '),
        ),
    ).toEqual(['f1_a__2d_b "a-b" | 4! | 100.0%', 'f1_a_b | 4! | 0.0%'])
  })
})

describe("a benchmark's own aggregate in the report", () => {
  const answered = (samples: readonly { answer: string | null }[]): Record<string, number> => ({
    answered: samples.filter((s) => s.answer !== null).length / samples.length,
  })
  const recorded = corpusFigures(SAMPLES, answered, undefined, createMetricCatalog())

  it('takes the figures its worker recorded on the suite', () => {
    const report = buildReport(run(SAMPLES, { classification: undefined, corpus: recorded, thresholds: { answered: 1 } }), context())
    expect(report.metrics.find((row) => row.metric === 'answered')).toMatchObject({ aggregation: 'corpus', value: 1 })
    expect(report.gates[0]).toMatchObject({ metric: 'answered', passed: true })
  })

  it("takes one shard's figures from its worker, which held every sample of that shard", () => {
    const report = buildReport(
      { ...run(SAMPLES, { classification: undefined, corpus: recorded }), shards: { count: 2, merged: [1] } },
      context(),
    )
    expect(report.metrics.find((row) => row.metric === 'answered')).toMatchObject({ aggregation: 'corpus', value: 1 })
    expect(report.diagnostics.some((d) => d.code === 'aggregate-sharded')).toBe(false)
  })

  it('runs the aggregate the reporter imported on a merge of shards, giving the figures of the unsharded run', () => {
    const half = (samples: readonly { answer: string | null }[]): Record<string, number> => ({ answered: samples.length > 30 ? 1 : 0 })
    // what one shard's worker recorded on its 30 samples: not the figure of the whole
    const onShard = corpusFigures(SAMPLES.slice(0, 30), half, undefined, createMetricCatalog())
    const merged = {
      ...run(SAMPLES, { classification: undefined, corpus: onShard }),
      shards: { count: 2, merged: [1, 2] },
      ownAggregate: { aggregate: half },
    }
    const whole = buildReport(
      run(SAMPLES, { classification: undefined, corpus: corpusFigures(SAMPLES, half, undefined, createMetricCatalog()) }),
      context(),
    )
    const report = buildReport(merged, context())
    expect(report.metrics.find((row) => row.metric === 'answered')).toEqual(whole.metrics.find((row) => row.metric === 'answered'))
    expect(report.metrics.find((row) => row.metric === 'answered')?.value).toBe(1)
  })

  it('leaves them out of a merge whose aggregate could not be imported, with a warning saying why', () => {
    const merged = {
      ...run(SAMPLES, { classification: undefined, corpus: recorded }),
      shards: { count: 2, merged: [1, 2] },
      ownAggregate: { problem: 'importing "evals/sentiment.eval.ts" failed' },
    }
    const report = buildReport(merged, context())
    expect(report.metrics.some((row) => row.metric === 'answered')).toBe(false)
    expect(report.diagnostics.find((d) => d.code === 'aggregate-sharded')?.message).toMatchInlineSnapshot(
      `"the benchmark's own aggregate ("answered") could not run on the merged shards' samples, so its figures are left out: importing "evals/sentiment.eval.ts" failed"`,
    )
  })

  it('fails a merge whose aggregate throws on the merged samples, naming the benchmark', () => {
    const throwing = (): Record<string, number> => {
      throw new Error('no references')
    }
    const merged = {
      ...run(SAMPLES, { classification: undefined, corpus: recorded }),
      shards: { count: 2, merged: [1, 2] },
      ownAggregate: { aggregate: throwing },
    }
    const report = buildReport(merged, context())
    expect(report.diagnostics.find((d) => d.code === 'aggregate-sharded')).toMatchInlineSnapshot(`
      {
        "code": "aggregate-sharded",
        "message": "describeBenchmark("sentiment"): aggregate threw on 60 sample(s): no references",
        "severity": "error",
      }
    `)
    expect(report.passed).toBe(false)
  })
})

describe('a report of circular evaluation', () => {
  // 20 questions of 2 rotations: right in both for q00–q11, in one only for q12–q15, wrong in both for the rest
  const rotations = Array.from({ length: 20 }, (_, q) =>
    [0, 1].map((attempt): SampleOutcome => {
      const right = q < 12 || (q < 16 && attempt === 0)
      const sampleId = `q${String(q).padStart(2, '0')}`
      const meta = {
        kind: 'sample' as const,
        sampleId,
        attempt,
        status: 'scored' as const,
        scores: { accuracy: right ? 1 : 0 },
        target: 'A',
      }
      return { meta, status: right ? 'right' : 'wrong', name: `${sampleId}#${attempt}` }
    }),
  ).flat()
  const circular = {
    ...META,
    classification: undefined,
    circular: 2,
    primaryMetric: 'circular_accuracy',
    thresholds: { circular_accuracy: 0.5 },
  }

  it('gives circular_accuracy from the samples it holds, the same for a merge of shards as for the whole run, with no import', () => {
    const whole = buildReport(run(rotations, circular), context())
    const merged = buildReport({ ...run(rotations, circular), shards: { count: 2, merged: [1, 2] } }, context())
    const row = whole.metrics.find((r) => r.metric === 'circular_accuracy')!
    expect(row).toMatchObject({ value: 0.6, aggregation: 'corpus', n: 40 })
    expect(merged.metrics).toEqual(whole.metrics)
    expect(merged.diagnostics.filter((d) => d.code === 'aggregate-sharded')).toEqual([])
    expect(whole.gates.map((gate) => [gate.metric, gate.passed])).toEqual([['circular_accuracy', true]])
  })
})

describe("a benchmark's own aggregate in its gate tests", () => {
  const settings = { root: '/nonexistent-project', baselines: { dir: 'evals/__baselines__' }, updateMode: 'new' }
  const own = { ...META, classification: undefined }

  it("records its figures on the suite's meta, where the reporter reads them", async () => {
    const meta = { ...own }
    const report = await evaluateBenchmark(meta, 'evals/own.eval.ts', SAMPLES, settings, (samples) => ({
      share: samples.length / 60,
      note: 'not a number' as unknown as number,
    }))
    expect(meta.corpus?.rows.map((row) => [row.metric, row.value])).toEqual([['share', 1]])
    expect(report.metrics.find((row) => row.metric === 'share')).toEqual(meta.corpus!.rows[0])
  })

  it('names the benchmark when the aggregate throws or returns something else than metrics', async () => {
    const thrown = evaluateBenchmark({ ...own }, 'evals/own.eval.ts', SAMPLES, settings, () => {
      throw new Error('no references')
    })
    await expect(thrown).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("sentiment"): aggregate threw on 60 sample(s): no references]`,
    )
    await expect(
      evaluateBenchmark({ ...own }, 'evals/own.eval.ts', SAMPLES, settings, () => 0.3 as unknown as Record<string, number>),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("sentiment"): aggregate must return metrics by name, such as { bleu: 0.31 }, received 0.3]`,
    )
  })
})

describe('updateBaseline with answers', () => {
  it("keeps each scored sample's answer and target, and a declared sample's old ones when it was not scored now", () => {
    const old = updateBaseline(null, 'sentiment', [
      {
        model: 'm',
        scores: new Map(),
        declared: new Set(['t00', 't01']),
        answers: { answer: { t00: 'pos', t01: 'neg' }, target: { t00: 'pos', t01: 'pos' } },
      },
    ])
    const scores = new Map([['accuracy', new Map([['t00', 0]])]])
    const updated = updateBaseline(old, 'sentiment', [
      { model: 'm', scores, declared: new Set(['t00', 't01']), answers: { answer: { t00: null }, target: { t00: 'pos' } } },
    ])
    expect(updated.models.m!.answers).toEqual({ answer: { t00: null, t01: 'neg' }, target: { t00: 'pos', t01: 'pos' } })
  })
})
