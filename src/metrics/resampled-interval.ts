import type { Interval } from '../schema/index.ts'
import { createRandom } from '../random/index.ts'
import { BOOTSTRAP_SEED } from './bootstrap-seed.ts'
import { quantile } from './summarize.ts'

const RESAMPLES = 2000

/**
 * The 95% percentile-bootstrap interval of a statistic of the whole set (a kappa, a correlation), resampling its n
 * items with replacement from a fixed seed, so the same items always give the same interval. Resamples where the
 * statistic is undefined are left out; null when most are.
 */
export function resampledInterval(n: number, statistic: (items: readonly number[]) => number | null, resamples = RESAMPLES): Interval | null {
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
  return { lower: quantile(values, 0.025)!, upper: quantile(values, 0.975)!, level: 0.95, method: 'bootstrap' }
}
