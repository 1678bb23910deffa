import { ScorerError } from '../errors.ts'
import type { Check } from '../schema/index.ts'

/** What a scorer callback may return: a verdict (accuracy), a score in [0, 1] ("score"), or named metrics. */
export type ScorerReturn = void | undefined | boolean | number | Record<string, number>

/** Combines the matcher checks and the scorer's return value into the sample's metrics. */
export function toScores(checks: readonly Check[] | undefined, returned: ScorerReturn): Record<string, number> {
  const scores: Record<string, number> = {}
  if (checks && checks.length > 0) scores.accuracy = checks.every((check) => check.pass) ? 1 : 0
  if (typeof returned === 'boolean') scores.accuracy = Math.min(scores.accuracy ?? 1, returned ? 1 : 0)
  else if (typeof returned === 'number') {
    if (Number.isNaN(returned)) throw new ScorerError('The scorer returned NaN as its score.')
    scores.score = returned
  }
  else if (returned !== null && typeof returned === 'object') {
    for (const [metric, value] of Object.entries(returned)) {
      if (typeof value !== 'number' || Number.isNaN(value)) {
        throw new ScorerError(`The scorer returned a non-number for metric "${metric}": ${typeof value === 'number' ? String(value) : JSON.stringify(value)}.`)
      }
      scores[metric] = value
    }
  }
  if (Object.keys(scores).length === 0) {
    throw new ScorerError(
      'The scorer recorded no score: call expect(output).toMatchAnswer(...) or return a boolean, a number, or { metric: number }.',
    )
  }
  return scores
}

/** A sample is wrong when a check failed or its accuracy is 0; continuous scores alone never fail a test. */
export function isWrong(scores: Record<string, number>): boolean {
  return scores.accuracy === 0
}
