/**
 * The unbiased estimator of pass@k from n attempts of which c passed: 1 - C(n-c, k) / C(n, k), the chance that at
 * least one of k attempts drawn without replacement passes (Chen et al. 2021, "Evaluating Large Language Models
 * Trained on Code"). Computed as a product, so it stays exact for large n.
 */
export function passAtK(n: number, c: number, k: number): number {
  assertCounts(n, c, k)
  if (n - c < k) return 1
  let allFail = 1
  for (let i = n - c + 1; i <= n; i++) allFail *= 1 - k / i
  return 1 - allFail
}

/** pass^k from n attempts of which c passed: C(c, k) / C(n, k), the chance that k attempts all pass (τ-bench). */
export function passHatK(n: number, c: number, k: number): number {
  assertCounts(n, c, k)
  let allPass = 1
  for (let i = 0; i < k; i++) allPass *= (c - i) / (n - i)
  return Math.max(0, allPass)
}

function assertCounts(n: number, c: number, k: number): void {
  if (!(Number.isInteger(n) && Number.isInteger(c) && Number.isInteger(k) && c >= 0 && c <= n && k >= 1 && k <= n)) {
    throw new RangeError(`pass@k needs integers 0 ≤ c ≤ n and 1 ≤ k ≤ n; received n=${n}, c=${c}, k=${k}`)
  }
}

/** One attempt at a sample, for a majority vote. */
export interface Vote {
  /** The answer extracted from the reply; null when nothing was extracted. */
  answer: string | null
  value: number
}

/**
 * Majority vote over attempts (in attempt order). When every attempt extracted an answer, the most frequent answer
 * wins and scores what the first attempt giving it scored; otherwise the most frequent score wins. Ties go to the
 * candidate that appeared first.
 */
export function majorityVote(votes: readonly Vote[]): number {
  if (votes.length === 0) throw new RangeError('a majority vote needs at least one attempt')
  const byAnswer = votes.every((vote) => vote.answer !== null)
  const tally = new Map<string, { count: number; value: number }>()
  for (const vote of votes) {
    const key = byAnswer ? vote.answer! : String(vote.value)
    const entry = tally.get(key)
    if (entry) entry.count++
    else tally.set(key, { count: 1, value: vote.value })
  }
  let best = { count: 0, value: 0 }
  // Map iteration follows first appearance, so a strict > keeps the earliest of tied candidates
  for (const entry of tally.values()) if (entry.count > best.count) best = entry
  return best.value
}
