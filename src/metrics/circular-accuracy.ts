import type { CorpusAggregate, CorpusSample } from './corpus-sample.ts'

/** The metric of circular evaluation: the share of questions answered right in every rotation of their options. */
export const CIRCULAR_METRIC = 'circular_accuracy'

/**
 * The share of questions right in all `rotations` of their options (OpenCompass's `perf_circular`). A question with a
 * rotation left unscored (an error) is left out, as pass^k leaves it out: an error is never a wrong answer.
 */
export function circularAccuracy(rotations: number): CorpusAggregate {
  return (samples) => {
    const byQuestion = new Map<string, CorpusSample[]>()
    for (const sample of samples) byQuestion.set(sample.id, [...(byQuestion.get(sample.id) ?? []), sample])
    let complete = 0
    let right = 0
    for (const attempts of byQuestion.values()) {
      // a bootstrap resample may hold a question more than once: each copy brings all its rotations
      const copies = Math.floor(attempts.length / rotations)
      const scored = new Set(attempts.map((sample) => sample.attempt)).size
      if (scored < rotations) continue
      complete += copies
      if (attempts.every((sample) => sample.scores.accuracy === 1)) right += copies
    }
    const figures: Record<string, number> = {}
    if (complete > 0) figures[CIRCULAR_METRIC] = right / complete
    return figures
  }
}
