import type { MetricRow } from '../schema/index.ts'

/**
 * Whether a row is a metric's own figure, the one gates judge and baselines compare: the micro mean of per-sample
 * values, or a corpus metric (`corpus`); not pass@k, a majority vote or the macro mean over subsets.
 */
export function isHeadlineRow(row: Pick<MetricRow, 'aggregation' | 'averaging'>): boolean {
  return (row.aggregation === 'mean' || row.aggregation === 'corpus') && row.averaging === 'micro'
}
