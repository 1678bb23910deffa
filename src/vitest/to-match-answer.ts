import type { MatcherState } from 'vitest'
import { evalsuiteMetaOf, type Check } from '../schema/index.ts'
import { checkAnswer, type AnswerTarget, type MatchAnswerOptions } from '../scoring/index.ts'
import { visibleMessage } from './visible-text.ts'

interface MatcherResult {
  pass: boolean
  message: () => string
  actual?: unknown
  expected?: unknown
}

function describeTarget(target: AnswerTarget): string {
  if (target instanceof RegExp) return String(target)
  return Array.isArray(target) ? target.map((t) => JSON.stringify(t)).join(' or ') : JSON.stringify(target)
}

function failureMessage(check: Check, received: string, isNot: boolean, target: AnswerTarget): string {
  return (
    `expected the reply ${isNot ? 'not ' : ''}to match the answer ${describeTarget(target)} (kind "${check.kind}")\n` +
    `  extracted: ${check.extracted === null ? 'nothing' : JSON.stringify(check.extracted)}\n` +
    `  from: ${JSON.stringify(check.passage ?? received.slice(0, 200))}\n` +
    `  why: ${check.explanation}` +
    (check.hint ? `\n  hint: ${check.hint.answer} would score it right: ${check.hint.explanation}` : '')
  )
}

/**
 * Scores a reply. In a benchmark sample the outcome is recorded in the test's meta and never thrown, so a wrong
 * answer counts as data and the scorer's later checks still run; anywhere else it is an ordinary assertion.
 */
export function toMatchAnswer(
  this: MatcherState,
  received: unknown,
  target: AnswerTarget,
  options: MatchAnswerOptions = {},
): MatcherResult {
  if (typeof received !== 'string') {
    return { pass: this.isNot, message: () => `toMatchAnswer expects the model's reply as a string, received ${typeof received}` }
  }
  const check = checkAnswer(received, target, options)
  if (this.isNot) check.pass = !check.pass
  const message = (): string => visibleMessage(failureMessage(check, received, this.isNot, target))
  const sample = this.task ? evalsuiteMetaOf(this.task.meta) : undefined
  if (sample?.kind === 'sample') {
    sample.checks = [...(sample.checks ?? []), check]
    // reporting the assertion as satisfied keeps chai from throwing; the test is marked wrong from its checks
    return { pass: !this.isNot, message }
  }
  return {
    pass: this.isNot ? !check.pass : check.pass,
    message,
    actual: typeof check.extracted === 'string' ? visibleMessage(check.extracted) : check.extracted,
    expected: target instanceof RegExp ? String(target) : typeof target === 'string' ? visibleMessage(target) : target,
  }
}
