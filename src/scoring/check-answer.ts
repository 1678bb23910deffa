import type { Check } from '../schema/index.ts'
import { matchAnswer, type AnswerTarget, type MatchAnswerOptions } from './match-answer.ts'

/** Scores a reply against a target and returns the record kept in the sample's meta and report. */
export function checkAnswer(output: string, target: AnswerTarget, options: MatchAnswerOptions = {}, matcher = 'toMatchAnswer'): Check {
  const match = matchAnswer(output, target, options)
  return {
    matcher,
    kind: target instanceof RegExp ? 'regex' : (options.kind ?? 'exact'),
    pass: match.pass,
    target: typeof target === 'string' ? target : Array.isArray(target) ? [...target] : String(target),
    extracted: match.extracted,
    passage: match.passage,
    explanation: match.explanation,
  }
}
