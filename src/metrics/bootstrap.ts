import type { Interval, MetricSemantics } from '../schema/index.ts'
import { createRandom } from '../random/index.ts'
import { BOOTSTRAP_SEED } from './bootstrap-seed.ts'
import { bootstrapInterval, differenceRange } from './bootstrap-interval.ts'

/** How many resamples a bootstrap draws, and from which seed. */
export interface BootstrapOptions {
  /** @default 2000 */
  resamples?: number
  /** @default BOOTSTRAP_SEED */
  seed?: number
  /** The range of the scores compared, within which a difference's interval is widened (see bootstrapInterval). */
  range?: MetricSemantics['range']
}

/** A paired comparison's interval of the mean difference and its two-sided p-value for "no change". */
export interface PairedTest {
  interval: Interval | null
  pValue: number
}

/**
 * Resamples the per-sample differences (current − baseline) with replacement: the interval of the mean (bootstrapInterval),
 * and the p-value of the centred bootstrap, the share of resampled means at least as far from the observed mean as
 * the observed mean is from 0.
 */
export function pairedBootstrap(differences: readonly number[], options: BootstrapOptions = {}): PairedTest {
  const n = differences.length
  if (n < 2) return { interval: null, pValue: 1 }
  const values = Float64Array.from(differences)
  const observed = values.reduce((a, b) => a + b, 0) / n
  const random = createRandom(options.seed ?? BOOTSTRAP_SEED)
  const statistics = new Array<number>(options.resamples ?? 2000)
  let asFar = 0
  // a tolerance, so that a resample equal to the observed mean up to rounding counts as "as far" when it is 0
  const distance = Math.abs(observed) - 1e-12
  for (let b = 0; b < statistics.length; b++) {
    let sum = 0
    for (let i = 0; i < n; i++) sum += values[Math.floor(random() * n)]!
    statistics[b] = sum / n
    if (Math.abs(statistics[b]! - observed) >= distance) asFar++
  }
  return {
    interval: bootstrapInterval(observed, statistics, n, differenceRange(options.range ?? { min: null, max: null })),
    pValue: Math.min(1, (asFar + 1) / (statistics.length + 1)),
  }
}
