/**
 * Two-sided p-value of McNemar's exact test: of the discordant pairs (b went from pass to fail, c from fail to pass),
 * how surprising the split is if either direction were equally likely, i.e. twice the smaller binomial(b + c, 1/2)
 * tail, capped at 1. Computed in log space, so it stays accurate for tens of thousands of pairs.
 */
export function mcnemarExact(b: number, c: number): number {
  if (!(Number.isInteger(b) && Number.isInteger(c) && b >= 0 && c >= 0)) {
    throw new RangeError(`McNemar's test needs counts of discordant pairs; received b=${b}, c=${c}`)
  }
  const n = b + c
  if (n === 0) return 1
  const smaller = Math.min(b, c)
  const logHalf = n * Math.log(0.5)
  // log C(n, i), built up term by term
  const logTerms: number[] = []
  let logChoose = 0
  for (let i = 0; i <= smaller; i++) {
    if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i)
    logTerms.push(logChoose + logHalf)
  }
  // C(n, i) grows up to i = n/2, so the last term of the smaller tail is its largest
  const largest = logTerms.at(-1)!
  const tail = Math.exp(largest) * logTerms.reduce((sum, term) => sum + Math.exp(term - largest), 0)
  return Math.min(1, 2 * tail)
}
