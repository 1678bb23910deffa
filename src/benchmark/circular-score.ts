import { CIRCULAR_METRIC } from '../metrics/index.ts'
import type { BenchmarkMeta } from '../schema/index.ts'

/**
 * Once the data is known to be circular: the benchmark's record says how many rotations each question has, so that
 * its circular accuracy is computed where its samples are (the gate tests, and the reporter on merged shards), and
 * it becomes the primary metric. A primary metric other than accuracy is kept: accuracy here is the mean over single
 * rotations, the figure circular evaluation exists to replace.
 */
export function markCircular(meta: BenchmarkMeta, rotations: number): void {
  meta.circular = rotations
  if (meta.primaryMetric === undefined || meta.primaryMetric === 'accuracy') meta.primaryMetric = CIRCULAR_METRIC
}
