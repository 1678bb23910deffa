import { ScorerError } from '../errors.ts'
import type { Check } from '../schema/index.ts'
import type { AnswerMatch } from './answer-match.ts'
import { matchExactAfterMarker, type ExactOptions } from './match-exact-after-marker.ts'
import { matchNumber } from './match-number.ts'

/** What a failed `exact` check suggests: the answer option that reads the target, and what that reading finds. */
export type CheckHint = NonNullable<Check['hint']>

/**
 * For a failed `exact` check: another reading of the same reply that finds the target, so that a reviewer sees a
 * reply that held the right answer in another form. Tried: the reply's last `ANSWER:` line (when the check compared
 * the whole reply), then the number it answers with (when the target is a number).
 */
export function exactHint(output: string, target: string | readonly string[], options: ExactOptions): CheckHint | undefined {
  if (options.marker === undefined) {
    const line = matchExactAfterMarker(output, target, { ...options, marker: 'ANSWER:' })
    if (line.pass) return { answer: "{ kind: 'exact', marker: 'ANSWER:' }", explanation: line.explanation }
  }
  let number: AnswerMatch
  try {
    number = matchNumber(output, target)
  } catch (error) {
    // a target that is not a number: no number reading can find it
    if (error instanceof ScorerError) return undefined
    throw error
  }
  return number.pass ? { answer: "{ kind: 'number' }", explanation: number.explanation } : undefined
}
