import type { Check } from '../schema/index.ts'
import { exactHint } from './exact-hint.ts'
import { matchAnswer, type AnswerTarget, type MatchAnswerOptions } from './match-answer.ts'

/**
 * A copy of the text that holds nothing else. V8 keeps a substring of 13 characters or more as a pointer into the
 * whole string it was cut from, so an answer read from a reply would keep the whole reply, however long, in memory
 * for as long as the sample's record: in the worker, to the end of the run.
 */
const detached = (text: string): string => structuredClone(text)

/**
 * Scores a reply against a target and returns the record kept in the sample's meta and report. A failed `exact` check
 * whose reply holds the target in another form carries a hint naming the kind that reads it.
 */
export function checkAnswer(output: string, target: AnswerTarget, options: MatchAnswerOptions = {}, matcher = 'toMatchAnswer'): Check {
  const match = matchAnswer(output, target, options)
  const check: Check = {
    matcher,
    kind: target instanceof RegExp ? 'regex' : (options.kind ?? 'exact'),
    pass: match.pass,
    target: typeof target === 'string' ? target : Array.isArray(target) ? [...target] : String(target),
    extracted: match.extracted === null ? null : detached(match.extracted),
    passage: match.passage === null ? null : detached(match.passage),
    explanation: match.explanation,
    ...(match.credit === undefined ? {} : { credit: match.credit }),
  }
  if (!match.pass && !(target instanceof RegExp) && (options.kind === undefined || options.kind === 'exact')) {
    const hint = exactHint(output, check.target, options)
    if (hint) check.hint = hint
  }
  return check
}
