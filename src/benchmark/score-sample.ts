import { ScorerError } from '../errors.ts'
import type { Check } from '../schema/index.ts'

/** What a scorer callback may return: a verdict (accuracy), a score ("score"), or named metrics. */
export type ScorerReturn = void | undefined | boolean | number | Record<string, number>

function finite(metric: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    const shown = typeof value === 'number' ? String(value) : JSON.stringify(value)
    throw new ScorerError(`The scorer returned ${shown} for metric "${metric}"; a metric must be a finite number.`)
  }
  return value
}

/**
 * Combines the matcher checks and the scorer's return value into the sample's metrics. Accuracy is the minimum of
 * every verdict given, so a returned `true` or `{ accuracy: 1 }` cannot overrule a failed check.
 */
export function toScores(checks: readonly Check[] | undefined, returned: ScorerReturn): Record<string, number> {
  const scores: Record<string, number> = {}
  const verdict = (value: number): void => {
    scores.accuracy = Math.min(scores.accuracy ?? 1, value)
  }
  if (checks && checks.length > 0) verdict(checks.every((check) => check.pass) ? 1 : 0)
  if (typeof returned === 'boolean') verdict(returned ? 1 : 0)
  else if (typeof returned === 'number') scores.score = finite('score', returned)
  else if (returned !== null && typeof returned === 'object') {
    for (const [metric, value] of Object.entries(returned)) {
      if (metric === 'accuracy') verdict(finite(metric, value))
      else scores[metric] = finite(metric, value)
    }
  }
  if (Object.keys(scores).length === 0) {
    throw new ScorerError(
      'The scorer recorded no score: call expect(output).toMatchAnswer(...) or return a boolean, a number, or { metric: number }.',
    )
  }
  return scores
}
