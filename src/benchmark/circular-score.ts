import { CIRCULAR_METRIC } from '../metrics/index.ts'
import type { BenchmarkMeta } from '../schema/index.ts'

/**
 * Once the data is known to be circular: the benchmark's record says how many rotations each question has, so that
 * its circular accuracy is computed where its samples are (the gate tests, and the reporter on merged shards), and
 * it becomes the primary metric. A primary metric other than accuracy is kept: accuracy here is the mean over single
 * rotations, the figure circular evaluation exists to replace. A regression gate that watched accuracy because it was
 * the primary metric (`watchesPrimary`: it names no metric of its own) watches circular accuracy with it.
 */
export function markCircular(meta: BenchmarkMeta, rotations: number, watchesPrimary: boolean): void {
  meta.circular = rotations
  if (meta.primaryMetric !== undefined && meta.primaryMetric !== 'accuracy') return
  meta.primaryMetric = CIRCULAR_METRIC
  const regression = meta.regression
  if (regression !== undefined && watchesPrimary && (regression.metric === undefined || regression.metric === 'accuracy'))
    regression.metric = CIRCULAR_METRIC
}
