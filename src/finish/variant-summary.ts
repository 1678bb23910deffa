import { join } from 'node:path'
import type { MetricCatalog } from '../metrics/index.ts'
import { compiledSchema, fileSlug, type Report, type VariantMatrix, VariantMatrixSchema } from '../schema/index.ts'
import { type BenchmarkRecords, isPartial } from '../records/index.ts'
import { escapeCommandData, escapeCommandProperty, renderVariantMatrix, renderVariantMatrixMarkdown } from '../render/index.ts'
import type { RunOutcome } from '../gates/index.ts'
import { buildVariantMatrix, groupVariantRuns } from '../report/index.ts'
import { writeFileAtomic } from '../store/index.ts'

/**
 * The variant matrices of the run, one per benchmark with variants. A matrix with a variant of only some shards
 * compares what it holds, but its gate is left to the merged run, as a shard's own gates are.
 */
export function variantMatrices(runs: readonly BenchmarkRecords[], reports: readonly Report[]): VariantMatrix[] {
  const joined = runs.map((run, index) => ({ meta: run.meta, samples: run.samples, report: reports[index]! }))
  return groupVariantRuns(joined).map((group) => {
    const matrix = buildVariantMatrix(group)
    if (!group.some((run) => isPartial(run.report))) return matrix
    return {
      ...matrix,
      passed: null,
      rows: matrix.rows.map((row) => (row.comparison === null ? row : { ...row, comparison: { ...row.comparison, passed: null } })),
    }
  })
}

/** Each matrix as `<outputDir>/variants/<benchmark>.json`, validated before it is written. */
export async function writeVariantMatrices(dir: string, matrices: readonly VariantMatrix[]): Promise<void> {
  await Promise.all(
    matrices.map((matrix) =>
      writeFileAtomic(
        join(dir, 'variants', `${fileSlug(matrix.benchmark)}.json`),
        `${JSON.stringify(compiledSchema(VariantMatrixSchema).parse(matrix), null, 2)}\n`,
      ),
    ),
  )
}

// each failed compare gate of a matrix in a line
function compareFailures(matrix: VariantMatrix): string[] {
  return matrix.rows
    .filter((row) => row.comparison?.passed === false)
    .map(
      (row) =>
        `${matrix.benchmark} [${row.name}]: significantly worse than ${matrix.reference} by more than maxDrop ${matrix.maxDrop} (Holm p ${row.comparison!.adjustedP.toPrecision(3)})`,
    )
}

/** The verdict with each failed compare gate among its reasons. */
export function withVariantGates(verdict: RunOutcome, matrices: readonly VariantMatrix[]): RunOutcome {
  const reasons = matrices.flatMap(compareFailures)
  return reasons.length === 0 ? verdict : { ...verdict, passed: false, reasons: [...verdict.reasons, ...reasons] }
}

/** A GitHub Actions `::error` on the eval file for each failed compare gate. */
export function variantAnnotations(matrices: readonly VariantMatrix[]): string[] {
  return matrices.flatMap((matrix) => {
    const properties = `file=${escapeCommandProperty(matrix.file)},title=${escapeCommandProperty(`evalsuite: ${matrix.benchmark} compare`)}`
    return compareFailures(matrix).map((message) => `::error ${properties}::${escapeCommandData(message)}`)
  })
}

/** The matrices for the terminal, or for a job summary. */
export function renderVariantMatrices(matrices: readonly VariantMatrix[], catalog: MetricCatalog, markdown = false): string {
  const render = markdown ? renderVariantMatrixMarkdown : renderVariantMatrix
  return matrices.map((matrix) => render(matrix, catalog.get(matrix.metric ?? ''))).join('\n')
}
