import { describe, expect, it } from 'vitest'
import { createMetricCatalog, wilsonInterval } from '../../src/metrics/index.ts'
import { buildReport, type ReportContext } from '../../src/report/build-report.ts'
import type { BenchmarkRecords, SampleOutcome } from '../../src/records/collect-runs.ts'
import { ReportSchema, type BenchmarkMeta } from '../../src/schema/index.ts'

const META: BenchmarkMeta = {
  kind: 'benchmark',
  name: 'quiz',
  model: 'm',
  thresholds: {},
  maxErrors: 0,
  circular: 4,
  primaryMetric: 'circular_accuracy',
}

function rotation(question: string, attempt: number): SampleOutcome {
  const meta = { kind: 'sample' as const, sampleId: question, attempt, status: 'scored' as const, scores: { accuracy: 1 }, target: 'A' }
  return { meta, status: 'right', name: `${question} #${attempt}` }
}

const context: ReportContext = {
  createdAt: '2026-01-01T00:00:00.000Z',
  catalog: createMetricCatalog(),
  baseline: { file: 'evals/__baselines__/quiz.json', entry: undefined },
  updating: false,
  missingBaselineFails: true,
}

describe('the interval of a figure every sample agrees on', () => {
  it('gives circular_accuracy of 3 questions right in every rotation the interval of accuracy on 3 of 3, and the note reads it', () => {
    const samples = ['q1', 'q2', 'q3'].flatMap((question) => [0, 1, 2, 3].map((attempt) => rotation(question, attempt)))
    const run: BenchmarkRecords = { meta: META, file: 'evals/quiz.eval.ts', samples }
    const report = ReportSchema.parse(buildReport(run, context))
    const row = report.metrics.find((metric) => metric.metric === 'circular_accuracy')!
    expect(row.value).toBe(1)
    const wilson = wilsonInterval(3, 3)!
    expect(row.interval).toMatchObject({ method: 'bootstrap-score', upper: 1 })
    expect(row.interval!.lower).toBeCloseTo(wilson.lower, 12)
    expect(report.diagnostics.find((d) => d.code === 'small-sample')?.message).toMatchInlineSnapshot(
      `"only 3 samples: the 95% interval of circular_accuracy spans 61.7 points, so smaller changes cannot be told from noise"`,
    )
  })
})
