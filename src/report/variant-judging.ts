import { diagnosticSemantics } from '../metrics/index.ts'
import type { BenchmarkMeta, MetricSemantics, Report, VariantMatrix } from '../schema/index.ts'
import { formatDelta, formatP } from './format-metric.ts'
import type { GateJudgement } from './gate-checks.ts'
import type { SampleOutcome } from './sample-outcome.ts'
import { buildVariantMatrix } from './variant-matrix.ts'

/** One variant as its compare gates see it: its samples and the report its own gate tests judged from. */
export interface VariantRun {
  meta: BenchmarkMeta
  samples: readonly SampleOutcome[]
  report(): Promise<Report>
}

/**
 * A benchmark's variant matrix from its compare gate tests' side (in the worker, after every variant's samples):
 * from each variant's report, the matrix as the reporter builds it.
 */
export async function judgeVariants(runs: readonly VariantRun[]): Promise<{ matrix: VariantMatrix; semantics: MetricSemantics }> {
  const judged = await Promise.all(runs.map(async (run) => ({ meta: run.meta, samples: run.samples, report: await run.report() })))
  const matrix = buildVariantMatrix(judged)
  const semantics = (matrix.metric === null ? undefined : judged[0]?.report.catalog[matrix.metric]) ?? diagnosticSemantics()
  return { matrix, semantics }
}

/** The compare gate of one variant in one line, as its test shows it: null `passed` when this run cannot judge it. */
export function compareJudgement(matrix: VariantMatrix, variant: string, semantics: MetricSemantics): GateJudgement {
  const where = `${matrix.benchmark} [${variant}] against ${matrix.reference}`
  const row = matrix.rows.find((r) => r.name === variant)
  if (!matrix.rows.some((r) => r.name === matrix.reference)) return { passed: null, summary: `${where}: not judged, the reference variant did not run` }
  const comparison = row?.comparison
  if (comparison == null || comparison.passed === null) return { passed: null, summary: `${where}: not judged, ${matrix.metric === null ? 'no primary metric' : 'no sample scored by both'}` }
  const figures = `${matrix.metric} ${formatDelta(semantics, comparison.delta)} (95% CI ${comparison.interval === null ? '—' : `${formatDelta(semantics, comparison.interval.lower)} to ${formatDelta(semantics, comparison.interval.upper)}`}), ${formatP(comparison.pValue)}, Holm ${formatP(comparison.adjustedP)}, n ${comparison.n}`
  const reading = comparison.nonInferior ? '; non-inferior' : ''
  return { passed: comparison.passed, summary: `${where} ${comparison.passed ? 'held' : 'FAILED'} (maxDrop ${matrix.maxDrop}, α ${matrix.alpha}): ${figures}${reading}` }
}
