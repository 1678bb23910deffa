import type { Interval, MetricSemantics } from '../schema/index.ts'

// the q-quantile of sorted values, by linear interpolation, as `quantile`
function sortedQuantile(sorted: Float64Array, q: number): number {
  const at = (sorted.length - 1) * q
  const low = Math.floor(at)
  const high = Math.ceil(at)
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low)
}

/**
 * The 95% interval of a figure from its values on draws from a posterior: their 2.5% and 97.5% quantiles. A figure
 * observed at an end of its range (every label right: F1 1, kappa 1) takes that end as its bound: the posterior never
 * reaches it, while the population may lie there. Values that are NaN (the figure undefined on that draw) are left
 * out; null when most are.
 */
export function posteriorInterval(observed: number, values: Float64Array, range: MetricSemantics['range']): Interval | null {
  const defined = values.filter((value) => !Number.isNaN(value)).sort()
  if (defined.length < values.length / 2 || defined.length === 0) return null
  let lower = sortedQuantile(defined, 0.025)
  let upper = sortedQuantile(defined, 0.975)
  if (range.max !== null && observed >= range.max) upper = range.max
  if (range.min !== null && observed <= range.min) lower = range.min
  return { lower, upper, level: 0.95, method: 'dirichlet', resamples: values.length }
}

/** The smallest interval holding both, by `method`, with the first's other fields; either alone when the other is null. */
export function hull(a: Interval | null, b: Interval | null, method: Interval['method']): Interval | null {
  if (a === null || b === null) return a ?? b
  return { ...a, lower: Math.min(a.lower, b.lower), upper: Math.max(a.upper, b.upper), method }
}
