import type { Interval } from '../schema/index.ts'
import { BOOTSTRAP_SEED, createRandom } from './random.ts'
import { quantile } from './summarize.ts'

/** How many resamples a bootstrap draws, and from which seed. */
export interface BootstrapOptions {
  /** @default 2000 */
  resamples?: number
  /** @default BOOTSTRAP_SEED */
  seed?: number
}

function percentile(statistics: Float64Array): Interval {
  const sorted = Array.from(statistics)
  return { lower: quantile(sorted, 0.025)!, upper: quantile(sorted, 0.975)!, level: 0.95, method: 'bootstrap' }
}

/**
 * Percentile interval of the macro mean (the mean of the strata's means) by a stratified cluster bootstrap: within
 * each stratum (subset) whole clusters (a sample's attempts) are drawn with replacement.
 */
export function macroMeanInterval(strata: readonly (readonly (readonly number[])[])[], options: BootstrapOptions = {}): Interval | null {
  const clusters = strata.reduce((total, stratum) => total + stratum.length, 0)
  if (strata.length === 0 || clusters < 2) return null
  const prepared = strata.map((stratum) => ({
    sums: Float64Array.from(stratum, (cluster) => cluster.reduce((a, b) => a + b, 0)),
    sizes: Float64Array.from(stratum, (cluster) => cluster.length),
  }))
  const random = createRandom(options.seed ?? BOOTSTRAP_SEED)
  const statistics = new Float64Array(options.resamples ?? 2000)
  for (let b = 0; b < statistics.length; b++) {
    let total = 0
    for (const { sums, sizes } of prepared) {
      let sum = 0
      let size = 0
      for (let i = 0; i < sums.length; i++) {
        const pick = Math.floor(random() * sums.length)
        sum += sums[pick]!
        size += sizes[pick]!
      }
      total += sum / size
    }
    statistics[b] = total / prepared.length
  }
  return percentile(statistics)
}

/** A paired bootstrap of the mean difference: its percentile interval and a two-sided p-value for "no change". */
export interface PairedBootstrap {
  interval: Interval | null
  pValue: number
}

/**
 * Resamples the per-sample differences (current − baseline) with replacement. The p-value is that of the centred
 * bootstrap: the share of resampled means at least as far from the observed mean as the observed mean is from 0.
 */
export function pairedBootstrap(differences: readonly number[], options: BootstrapOptions = {}): PairedBootstrap {
  const n = differences.length
  if (n < 2) return { interval: null, pValue: 1 }
  const values = Float64Array.from(differences)
  const observed = values.reduce((a, b) => a + b, 0) / n
  const random = createRandom(options.seed ?? BOOTSTRAP_SEED)
  const statistics = new Float64Array(options.resamples ?? 2000)
  let asFar = 0
  // a tolerance, so that a resample equal to the observed mean up to rounding counts as "as far" when it is 0
  const distance = Math.abs(observed) - 1e-12
  for (let b = 0; b < statistics.length; b++) {
    let sum = 0
    for (let i = 0; i < n; i++) sum += values[Math.floor(random() * n)]!
    statistics[b] = sum / n
    if (Math.abs(statistics[b]! - observed) >= distance) asFar++
  }
  return { interval: percentile(statistics), pValue: Math.min(1, (asFar + 1) / (statistics.length + 1)) }
}
