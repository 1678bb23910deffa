/**
 * Holm's step-down adjustment of p-values for a family of tests: the i-th smallest (from 0) is multiplied by m − i,
 * and each adjusted value is kept at least as large as the one before it, capped at 1. Rejecting where an adjusted
 * value is below alpha holds the chance of any false rejection in the family to alpha.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p)
  const adjusted = new Array<number>(m)
  let running = 0
  order.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p))
    adjusted[index] = running
  })
  return adjusted
}
