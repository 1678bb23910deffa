import { diagnosticSemantics } from '../metrics/index.ts'
import type { BenchmarkMeta, MetricSemantics, VariantMatrix } from '../schema/index.ts'
import type { GateSettings } from '../gates/index.ts'
import { evaluateBenchmark } from './report-run.ts'
import type { SampleOutcome } from '../records/index.ts'
import { buildVariantMatrix } from './variant-matrix.ts'

/**
 * A benchmark's variant matrix from its compare gate tests' side (in the worker, after every variant's samples):
 * each variant's report built as its own gate tests build it, then the matrix as the reporter builds it.
 */
export async function evaluateVariants(
  runs: readonly { meta: BenchmarkMeta; samples: readonly SampleOutcome[] }[],
  file: string,
  settings: GateSettings,
): Promise<{ matrix: VariantMatrix; semantics: MetricSemantics }> {
  const reported = await Promise.all(runs.map(async (run) => ({ ...run, report: await evaluateBenchmark(run.meta, file, run.samples, settings) })))
  const matrix = buildVariantMatrix(reported)
  const semantics = (matrix.metric === null ? undefined : reported[0]?.report.catalog[matrix.metric]) ?? diagnosticSemantics()
  return { matrix, semantics }
}
