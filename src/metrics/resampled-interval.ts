import type { Interval, MetricSemantics } from '../schema/index.ts'
import { createRandom } from '../random/index.ts'
import { BOOTSTRAP_SEED } from './bootstrap-seed.ts'
import { bootstrapInterval } from './bootstrap-interval.ts'

const RESAMPLES = 2000

/**
 * The 95% bootstrap interval (bootstrapInterval, within `range`) of a statistic of the whole set (a kappa, a
 * correlation), resampling its n items with replacement from a fixed seed, so the same items always give the same
 * interval. Resamples where the statistic is undefined are left out; null when most are.
 */
export function resampledInterval(
  n: number,
  statistic: (items: readonly number[]) => number | null,
  range: MetricSemantics['range'],
  resamples = RESAMPLES,
): Interval | null {
  if (n < 2) return null
  const random = createRandom(BOOTSTRAP_SEED)
  const values: number[] = []
  const items = new Array<number>(n)
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) items[i] = Math.floor(random() * n)
    const value = statistic(items)
    if (value !== null) values.push(value)
  }
  if (values.length < resamples / 2) return null
  const observed = statistic(Array.from({ length: n }, (_, i) => i))
  return observed === null ? null : bootstrapInterval(observed, values, n, range)
}
