import type { CorpusAggregate } from './corpus-sample.ts'

/** The metric of circular evaluation: the share of questions answered right in every rotation of their options. */
export const CIRCULAR_METRIC = 'circular_accuracy'

/**
 * The share of questions right in all `rotations` of their options (OpenCompass's `perf_circular`). A question with a
 * rotation left unscored (an error) is left out, as pass^k leaves it out: an error is never a wrong answer.
 */
export function circularAccuracy(rotations: number): CorpusAggregate {
  return (samples) => {
    // a tally per question, not its samples: the bootstrap calls this on every resample
    const byQuestion = new Map<string, { count: number; attempts: number[]; right: boolean }>()
    for (const sample of samples) {
      const tally = byQuestion.get(sample.id)
      const right = sample.scores.accuracy === 1
      if (tally === undefined) byQuestion.set(sample.id, { count: 1, attempts: [sample.attempt], right })
      else {
        tally.count++
        if (!tally.attempts.includes(sample.attempt)) tally.attempts.push(sample.attempt)
        tally.right &&= right
      }
    }
    let complete = 0
    let right = 0
    for (const tally of byQuestion.values()) {
      if (tally.attempts.length < rotations) continue
      // a bootstrap resample may hold a question more than once: each copy brings all its rotations
      const copies = Math.floor(tally.count / rotations)
      complete += copies
      if (tally.right) right += copies
    }
    const figures: Record<string, number> = {}
    if (complete > 0) figures[CIRCULAR_METRIC] = right / complete
    return figures
  }
}
