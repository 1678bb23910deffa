import type { MetricRow } from '../schema/index.ts'

/**
 * Why a figure has no interval, read from its row, for the report to print in the interval's place: a point with no
 * interval beside it reads as a certainty the samples never gave.
 */
export function noIntervalReason(row: Pick<MetricRow, 'value' | 'samples' | 'aggregation'>): string {
  if (row.value === null) return 'no value'
  if (row.samples === 0) return 'no samples'
  if (row.samples === 1) return 'one sample'
  // a figure of the whole set is resampled; one that most resamples leave undefined (a kappa of one label) has none
  if (row.aggregation === 'corpus') return 'undefined on most resamples'
  return 'no spread to measure'
}

/** Why a change against a baseline has no interval: too few samples scored by both runs. */
export function noChangeIntervalReason(pairs: number): string {
  return pairs === 0 ? 'no paired samples' : pairs === 1 ? 'one paired sample' : 'no spread to measure'
}
