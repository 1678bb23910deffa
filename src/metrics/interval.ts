/** A 95% confidence interval and how it was computed. */
export interface Interval {
  lower: number
  upper: number
  level: 0.95
  method: 'wilson' | 't'
}

const Z95 = 1.959963984540054

/** Wilson score interval for a proportion: honest at small n and near 0 or 1, unlike the normal approximation. */
export function wilsonInterval(successes: number, n: number): Interval | null {
  if (n === 0) return null
  const p = successes / n
  const z2 = Z95 * Z95
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n)
  return { lower: successes === 0 ? 0 : Math.max(0, centre - half), upper: successes === n ? 1 : Math.min(1, centre + half), level: 0.95, method: 'wilson' }
}

// two-sided 97.5% quantiles of Student's t for small degrees of freedom; beyond the table the normal value is close enough
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042]

/** Student-t interval for the mean of continuous scores. */
export function tInterval(values: readonly number[]): Interval | null {
  const n = values.length
  if (n < 2) return null
  const mean = values.reduce((a, b) => a + b, 0) / n
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)
  const t = T975[n - 2] ?? (n <= 60 ? 2.0 : Z95)
  const half = t * Math.sqrt(variance / n)
  return { lower: mean - half, upper: mean + half, level: 0.95, method: 't' }
}
