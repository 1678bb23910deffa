import { diagnosticSemantics, noChangeIntervalReason } from '../metrics/index.ts'
import type { BenchmarkMeta, MetricSemantics, VariantMatrix } from '../schema/index.ts'
import { formatDelta, formatP } from './format-metric.ts'
import type { GateJudgement } from './gate-checks.ts'
import { judgeBenchmark, type GateSettings } from './report-run.ts'
import type { SampleOutcome } from './sample-outcome.ts'
import { buildVariantMatrix } from './variant-matrix.ts'

/**
 * A benchmark's variant matrix from its compare gate tests' side (in the worker, after every variant's samples):
 * each variant's report built as its own gate tests build it, then the matrix as the reporter builds it.
 */
export async function judgeVariants(
  runs: readonly { meta: BenchmarkMeta; samples: readonly SampleOutcome[] }[],
  file: string,
  settings: GateSettings,
): Promise<{ matrix: VariantMatrix; semantics: MetricSemantics }> {
  const judged = await Promise.all(runs.map(async (run) => ({ ...run, report: await judgeBenchmark(run.meta, file, run.samples, settings) })))
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
  const figures = `${matrix.metric} ${formatDelta(semantics, comparison.delta)} (95% CI ${comparison.interval === null ? `none: ${noChangeIntervalReason(comparison.n)}` : `${formatDelta(semantics, comparison.interval.lower)} to ${formatDelta(semantics, comparison.interval.upper)}`}), ${formatP(comparison.pValue)}, Holm ${formatP(comparison.adjustedP)}, n ${comparison.n}`
  const reading = comparison.nonInferior ? '; non-inferior' : ''
  return { passed: comparison.passed, summary: `${where} ${comparison.passed ? 'held' : 'FAILED'} (maxDrop ${matrix.maxDrop}, α ${matrix.alpha}): ${figures}${reading}` }
}
