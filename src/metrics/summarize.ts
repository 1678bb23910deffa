import type { Interval } from '../schema/index.ts'
import { tInterval, wilsonInterval } from './interval.ts'

/** A metric over a set of samples: its mean, count and 95% interval. */
export interface MetricSummary {
  n: number
  value: number | null
  interval: Interval | null
}

/** Mean with a Wilson interval when every value is 0 or 1, a t interval otherwise. */
export function summarize(values: readonly number[]): MetricSummary {
  const n = values.length
  if (n === 0) return { n, value: null, interval: null }
  let sum = 0
  let binary = true
  for (const value of values) {
    sum += value
    if (value !== 0 && value !== 1) binary = false
  }
  return { n, value: sum / n, interval: binary ? wilsonInterval(sum, n) : tInterval(values) }
}

/** The q-quantile (0..1) by linear interpolation; null for no values. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * q
  const low = Math.floor(at)
  const high = Math.ceil(at)
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (at - low)
}
