import type { Check } from '../schema/index.ts'
import { exactHint } from './exact-hint.ts'
import { matchAnswer, type AnswerTarget, type MatchAnswerOptions } from './match-answer.ts'

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
    extracted: match.extracted,
    passage: match.passage,
    explanation: match.explanation,
    ...(match.credit === undefined ? {} : { credit: match.credit }),
  }
  if (!match.pass && !(target instanceof RegExp) && (options.kind === undefined || options.kind === 'exact')) {
    const hint = exactHint(output, check.target, options)
    if (hint) check.hint = hint
  }
  return check
}
