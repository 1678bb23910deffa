import { diagnosticSemantics } from '../metrics/index.ts'
import type { SampleOutcome } from '../records/index.ts'
import type { BenchmarkMeta, MetricSemantics, Report, VariantMatrix } from '../schema/index.ts'
import { buildVariantMatrix } from './variant-matrix.ts'

/** One variant as its compare gates see it: its samples and the report its own gate tests were evaluated from. */
export interface VariantRun {
  meta: BenchmarkMeta
  samples: readonly SampleOutcome[]
  report(): Promise<Report>
}

/**
 * A benchmark's variant matrix from its compare gate tests' side (in the worker, after every variant's samples):
 * from each variant's report, the matrix as the reporter builds it.
 */
export async function evaluateVariants(runs: readonly VariantRun[]): Promise<{ matrix: VariantMatrix; semantics: MetricSemantics }> {
  const reported = await Promise.all(runs.map(async (run) => ({ meta: run.meta, samples: run.samples, report: await run.report() })))
  const matrix = buildVariantMatrix(reported)
  const semantics = (matrix.metric === null ? undefined : reported[0]?.report.catalog[matrix.metric]) ?? diagnosticSemantics()
  return { matrix, semantics }
}
