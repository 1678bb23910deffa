/** A category of a rating: a label, a verdict, or a code such as 1 or 0. */
export type Category = string | number

/**
 * Cohen's kappa between two raters of the same items, as scikit-learn's `cohen_kappa_score` computes it without
 * weights: the categories are those either rater used, and kappa = 1 − (n − agreed) / (n − Σ rowₖ · columnₖ / n).
 * Null where it is undefined: no items, or both raters always giving one and the same category.
 */
export function cohenKappa(first: readonly Category[], second: readonly Category[]): number | null {
  const n = first.length
  if (n !== second.length) throw new RangeError(`cohenKappa: ${n} ratings against ${second.length}`)
  if (n === 0) return null
  const rows = new Map<Category, number>()
  const columns = new Map<Category, number>()
  let agreed = 0
  for (let i = 0; i < n; i++) {
    const [a, b] = [first[i]!, second[i]!]
    rows.set(a, (rows.get(a) ?? 0) + 1)
    columns.set(b, (columns.get(b) ?? 0) + 1)
    if (a === b) agreed++
  }
  let chance = 0
  for (const [category, count] of rows) chance += count * (columns.get(category) ?? 0)
  const expectedDisagreement = n - chance / n
  if (expectedDisagreement === 0) return null
  return 1 - (n - agreed) / expectedDisagreement
}
