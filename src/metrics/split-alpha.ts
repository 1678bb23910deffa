/**
 * A benchmark's alpha shared among its gates (Bonferroni): the chance that any gate decides wrongly is at most the sum
 * of their shares, so at most `alpha`, however the gates' samples are correlated.
 */
export function splitAlpha(alpha: number, gates: number): number {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be strictly between 0 and 1, received ${alpha}`)
  if (!(Number.isInteger(gates) && gates >= 1))
    throw new RangeError(`The number of gates must be a whole number of at least 1, received ${gates}`)
  return alpha / gates
}
