import { summarize } from '../metrics/index.ts'
import { REPORT_VERSION, type Report } from '../schema/index.ts'
import type { BenchmarkRun, SampleOutcome } from './collect-runs.ts'
import { evaluateGate } from './gates.ts'
import { percentiles, usageTotals } from './usage-totals.ts'

function metricRows(scored: readonly SampleOutcome[]): Report['metrics'] {
  const metrics = [...new Set(scored.flatMap((s) => Object.keys(s.meta.scores ?? {})))].sort()
  const subsets = [...new Set(scored.map((s) => s.meta.subset).filter((s): s is string => s !== undefined))].sort()
  const rows: Report['metrics'] = []
  for (const metric of metrics) {
    const valuesOf = (group: readonly SampleOutcome[]): number[] =>
      group.flatMap((s) => (s.meta.scores?.[metric] === undefined ? [] : [s.meta.scores[metric]]))
    rows.push({ metric, subset: null, ...summarize(valuesOf(scored)) })
    if (subsets.length > 1) {
      for (const subset of subsets) rows.push({ metric, subset, ...summarize(valuesOf(scored.filter((s) => s.meta.subset === subset))) })
    }
  }
  return rows
}

function sampleRow(sample: SampleOutcome): Report['samples'][number] {
  const { meta } = sample
  const check = meta.checks?.find((c) => !c.pass) ?? meta.checks?.[0]
  return {
    id: meta.sampleId,
    status: sample.status,
    ...(meta.subset === undefined ? {} : { subset: meta.subset }),
    ...(meta.scores ? { scores: meta.scores } : {}),
    ...(check ? { extracted: check.extracted } : {}),
    ...(meta.latencyMs === undefined ? {} : { latencyMs: Math.round(meta.latencyMs * 10) / 10 }),
    ...(meta.ttftMs === undefined ? {} : { ttftMs: Math.round(meta.ttftMs * 10) / 10 }),
    ...(meta.usage ? { usage: meta.usage } : {}),
    ...(meta.costUsd === undefined ? {} : { costUsd: meta.costUsd }),
    ...(meta.notRun === undefined ? {} : { notRun: meta.notRun }),
    ...(sample.error === undefined ? {} : { error: sample.error }),
  }
}

/** Aggregates one benchmark run: metrics with intervals, gates, the error budget, usage and latency. */
export function buildReport(run: BenchmarkRun, createdAt: string): Report {
  const count = (status: SampleOutcome['status']): number => run.samples.filter((s) => s.status === status).length
  const scored = run.samples.filter((s) => s.status === 'right' || s.status === 'wrong')
  const metrics = metricRows(scored)
  const gates = Object.entries(run.meta.thresholds).map(([metric, threshold]) =>
    evaluateGate(metric, threshold, metrics.find((row) => row.metric === metric && row.subset === null)?.value ?? null),
  )
  const errored = count('errored')
  const errorBudget = { maxErrors: run.meta.maxErrors, errored, passed: errored <= run.meta.maxErrors }
  const latencies = run.samples.flatMap((s) => (s.meta.latencyMs === undefined ? [] : [s.meta.latencyMs]))
  const usage = run.samples.reduce(
    (total, s) => ({
      inputTokens: total.inputTokens + (s.meta.usage?.inputTokens ?? 0),
      outputTokens: total.outputTokens + (s.meta.usage?.outputTokens ?? 0),
    }),
    { inputTokens: 0, outputTokens: 0 },
  )
  const round = (value: number | null): number => Math.round((value ?? 0) * 10) / 10
  return {
    version: REPORT_VERSION,
    benchmark: run.meta.name,
    model: run.meta.model,
    file: run.file,
    createdAt,
    primaryMetric: run.meta.primaryMetric,
    passed: errorBudget.passed && gates.every((gate) => gate.passed),
    counts: { samples: run.samples.length, right: count('right'), wrong: count('wrong'), errored, skipped: count('skipped') },
    errorBudget,
    metrics,
    gates,
    usage,
    latencyMs: percentiles(latencies),
    ...usageTotals(run, usage),
    durationMs: run.meta.durationMs === undefined ? null : round(run.meta.durationMs),
    samples: run.samples.map(sampleRow),
  }
}
