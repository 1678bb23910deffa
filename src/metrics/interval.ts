import type { Interval } from '../schema/index.ts'

/** The 97.5% quantile of the standard normal distribution. */
const Z95 = 1.959963984540054

// exact 97.5% quantiles of Student's t for 1..9 degrees of freedom, where the expansion below is too coarse
const T975_SMALL = [12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157]

/**
 * The 97.5% quantile of Student's t with `df` degrees of freedom: a table below 10, the Cornish-Fisher expansion
 * (Abramowitz and Stegun 26.7.5) from 10 on, within 1e-5 of the exact value.
 */
export function tQuantile975(df: number): number {
  if (df < 10) return T975_SMALL[Math.max(1, Math.round(df)) - 1]!
  const z = Z95
  const [z3, z5, z7, z9] = [z ** 3, z ** 5, z ** 7, z ** 9]
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3) +
    (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * df ** 4)
  )
}

function wilson(p: number, n: number, method: 'wilson' | 'cluster-wilson'): Interval {
  const z2 = Z95 * Z95
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n)
  return { lower: p === 0 ? 0 : Math.max(0, centre - half), upper: p === 1 ? 1 : Math.min(1, centre + half), level: 0.95, method }
}

/** Wilson score interval for a proportion: honest at small n and near 0 or 1, unlike the normal approximation. */
export function wilsonInterval(successes: number, n: number): Interval | null {
  return n === 0 ? null : wilson(successes / n, n, 'wilson')
}

function mean(values: readonly number[]): number {
  let sum = 0
  for (const value of values) sum += value
  return sum / values.length
}

/** Student-t interval for the mean of continuous scores. */
export function tInterval(values: readonly number[]): Interval | null {
  const n = values.length
  if (n < 2) return null
  const centre = mean(values)
  let squares = 0
  for (const value of values) squares += (value - centre) ** 2
  const half = tQuantile975(n - 1) * Math.sqrt(squares / (n - 1) / n)
  return { lower: centre - half, upper: centre + half, level: 0.95, method: 't' }
}

/**
 * Interval for a mean over repeated attempts, which are not independent: the attempts of one sample form a cluster.
 * Continuous values get a cluster-robust t interval (sandwich variance with the G/(G-1) correction, G - 1 degrees of
 * freedom); pass/fail values get a Wilson interval on the effective sample size n / design effect.
 */
export function clusteredInterval(clusters: readonly (readonly number[])[]): Interval | null {
  const all = clusters.flat()
  const n = all.length
  const g = clusters.length
  if (g < 2) return null
  const centre = mean(all)
  let between = 0
  for (const cluster of clusters) {
    let residual = 0
    for (const value of cluster) residual += value - centre
    between += residual ** 2
  }
  const clusterVariance = (g / (g - 1)) * (between / (n * n))
  if (all.every((value) => value === 0 || value === 1)) {
    let within = 0
    for (const value of all) within += (value - centre) ** 2
    const independentVariance = (n / (n - 1)) * (within / (n * n))
    // all values equal: nothing to estimate the correlation from, so assume the worst (each cluster is one sample)
    const designEffect = independentVariance === 0 ? n / g : Math.max(1, clusterVariance / independentVariance)
    return wilson(centre, n / designEffect, 'cluster-wilson')
  }
  const half = tQuantile975(g - 1) * Math.sqrt(clusterVariance)
  return { lower: centre - half, upper: centre + half, level: 0.95, method: 'cluster-t' }
}

/**
 * Interval for a macro mean, the plain mean of the strata's (subsets') means: the stratified variance
 * Σ v_s / S², each v_s the variance of one stratum's mean (clustered when its samples repeat), with the design
 * degrees of freedom, samples minus strata (Cochran, Sampling Techniques, 5.4). A stratum of one sample adds none.
 */
export function stratifiedInterval(strata: readonly (readonly (readonly number[])[])[]): Interval | null {
  const clusters = strata.reduce((total, stratum) => total + stratum.length, 0)
  const df = clusters - strata.length
  if (strata.length === 0 || df < 1) return null
  let centre = 0
  let variance = 0
  for (const stratum of strata) {
    const values = stratum.flat()
    const n = values.length
    const stratumMean = mean(values)
    centre += stratumMean
    if (stratum.length < 2) continue
    let squares = 0
    if (stratum.some((cluster) => cluster.length > 1)) {
      for (const cluster of stratum) {
        let residual = 0
        for (const value of cluster) residual += value - stratumMean
        squares += residual ** 2
      }
      variance += (stratum.length / (stratum.length - 1)) * (squares / (n * n))
    } else {
      for (const value of values) squares += (value - stratumMean) ** 2
      variance += squares / (n - 1) / n
    }
  }
  const s = strata.length
  const half = tQuantile975(df) * (Math.sqrt(variance) / s)
  return { lower: centre / s - half, upper: centre / s + half, level: 0.95, method: 'stratified-t' }
}
