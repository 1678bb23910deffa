import type { AnswerMatch } from './answer-match.ts'
import { matchChoice, type ChoiceOptions } from './match-choice.ts'
import { matchExactAfterMarker, type ExactOptions } from './match-exact-after-marker.ts'
import { matchMath, type MathOptions } from './math/match-math.ts'
import { matchNumber, type NumberOptions } from './match-number.ts'
import { matchExact, matchIncludes, matchRegex } from './match-text.ts'
import type { TextOptions } from './normalize-text.ts'

/** How `toMatchAnswer` reads and compares an answer; `kind` picks the scorer. */
export type MatchAnswerOptions =
  | ({ kind?: 'exact' } & ExactOptions)
  | ({ kind: 'includes' } & TextOptions)
  | ({ kind: 'regex'; pattern?: RegExp } & TextOptions)
  | ({ kind: 'number' } & NumberOptions)
  | ({ kind: 'choice' } & ChoiceOptions)
  | ({ kind: 'math' } & MathOptions)

/** What an answer may be compared with: one accepted answer, several, or a pattern (kind "regex"). */
export type AnswerTarget = string | number | readonly string[] | RegExp

/** Reads the answer from a reply and compares it with the target; usable outside tests. */
export function matchAnswer(output: string, target: AnswerTarget, options: MatchAnswerOptions = {}): AnswerMatch {
  if (target instanceof RegExp) return matchRegex(output, target, options.kind === 'regex' ? options : {})
  const accepted = typeof target === 'number' ? String(target) : target
  switch (options.kind) {
    case undefined:
    case 'exact':
      return options.marker === undefined ? matchExact(output, accepted, options) : matchExactAfterMarker(output, accepted, options)
    case 'includes':
      return matchIncludes(output, accepted, options)
    case 'regex':
      return matchRegex(output, accepted, options)
    case 'number':
      return matchNumber(output, target, options)
    case 'choice':
      return matchChoice(output, accepted, options)
    case 'math':
      return matchMath(output, target, options)
  }
}
