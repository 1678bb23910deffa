import type { PairedTest } from './bootstrap.ts'
import { tQuantile975 } from './interval.ts'

// 1 − erf(x) for x ≥ 0, with a fractional error below 1.2e-7 (the Chebyshev fit of Numerical Recipes, 6.2)
function erfc(x: number): number {
  const t = 1 / (1 + x / 2)
  const poly =
    -x * x -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))))
  return t * Math.exp(poly)
}

/**
 * The degrees of freedom of the variance of a mean change: one less than the pairs, but no more than the pairs that
 * changed. A change in a few pairs of many is measured on those few alone (the pairs that did not change add zeros),
 * and a t on n − 1 degrees of freedom then sizes it as if every pair had told something: with 5% of 50 score pairs
 * changed, the bootstrap covered the mean change 84 to 89% of the time at n = 20 to 100 (bench:coverage).
 */
function changedDegrees(differences: readonly number[]): number {
  let changed = 0
  for (const difference of differences) if (difference !== 0) changed++
  return Math.max(1, Math.min(differences.length - 1, changed))
}

/**
 * The paired t-test on per-sample differences: the t interval of the mean difference, on changedDegrees degrees of
 * freedom, and a two-sided p-value. The p-value's callers have thousands of pairs, where the t distribution is the
 * normal one to within 1e-4, so it uses the normal tail.
 */
export function pairedT(differences: readonly number[]): PairedTest {
  const n = differences.length
  if (n < 2) return { interval: null, pValue: 1 }
  const mean = differences.reduce((a, b) => a + b, 0) / n
  let squares = 0
  for (const value of differences) squares += (value - mean) ** 2
  const standardError = Math.sqrt(squares / (n - 1) / n)
  const half = tQuantile975(changedDegrees(differences)) * standardError
  const interval = { lower: mean - half, upper: mean + half, level: 0.95 as const, method: 't' as const }
  if (standardError === 0) return { interval, pValue: mean === 0 ? 1 : 0 }
  return { interval, pValue: Math.min(1, erfc(Math.abs(mean / standardError) / Math.SQRT2)) }
}
