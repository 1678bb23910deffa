import type { Interval } from '../schema/index.ts'
import type { BootstrapOptions } from './bootstrap.ts'
import { createRandom } from '../random/index.ts'
import { BOOTSTRAP_SEED } from './bootstrap-seed.ts'
import { bootstrapInterval, differenceRange } from './bootstrap-interval.ts'

/** A figure of a set of items (a kappa, a correlation), given the indexes of the items it is computed on. */
export type SetStatistic = (items: readonly number[]) => number | null

/** A corpus metric in two runs of the same items, and the paired test of its change. */
export interface PairedStatisticTest {
  baseline: number
  current: number
  /** current − baseline. */
  delta: number
  interval: Interval | null
  pValue: number
}

/**
 * Compares a corpus metric between two runs of the same n items: resamples the items with replacement,
 * computes the figure on both sides of each resample, and gives the interval of the difference (bootstrapInterval) and the
 * p-value of the centred bootstrap, as `pairedBootstrap` does for means. Resamples where either side is undefined are
 * left out; null when the figure is undefined on all the items of either run.
 */
export function comparePairedStatistic(
  n: number,
  baseline: SetStatistic,
  current: SetStatistic,
  options: BootstrapOptions = {},
): PairedStatisticTest | null {
  const all = Array.from({ length: n }, (_, i) => i)
  const [before, after] = [baseline(all), current(all)]
  if (before === null || after === null) return null
  const observed = after - before
  const resamples = options.resamples ?? 2000
  const differences: number[] = []
  let asFar = 0
  // a tolerance, so that a resample equal to the observed change up to rounding counts as "as far" when it is 0
  const distance = Math.abs(observed) - 1e-12
  if (n >= 2) {
    const random = createRandom(options.seed ?? BOOTSTRAP_SEED)
    const items = new Array<number>(n)
    for (let b = 0; b < resamples; b++) {
      for (let i = 0; i < n; i++) items[i] = Math.floor(random() * n)
      const [x, y] = [baseline(items), current(items)]
      if (x === null || y === null) continue
      differences.push(y - x)
      if (Math.abs(y - x - observed) >= distance) asFar++
    }
  }
  // as resampledInterval: a figure undefined on most resamples has no interval, and no evidence of a change
  if (differences.length < resamples / 2) return { baseline: before, current: after, delta: observed, interval: null, pValue: 1 }
  return {
    baseline: before,
    current: after,
    delta: observed,
    interval: bootstrapInterval(observed, differences, n, differenceRange(options.range ?? { min: null, max: null })),
    pValue: Math.min(1, (asFar + 1) / (differences.length + 1)),
  }
}
