import type { MatcherState } from 'vitest'
import { evalsuiteMetaOf } from '../schema/index.ts'
import { checkCode, type CodeOptions } from '../scoring/index.ts'
import { redactKeys } from '../store/index.ts'
import { visibleMessage } from './visible-text.ts'

interface MatcherResult {
  pass: boolean
  message: () => string
}

/**
 * Runs the program a reply holds with `tests` in the code sandbox. In a benchmark sample the outcome is recorded in
 * the test's meta and never thrown, as `toMatchAnswer` records its own; anywhere else it is an ordinary assertion.
 */
export async function toPassCode(this: MatcherState, received: unknown, tests: string, options: CodeOptions = {}): Promise<MatcherResult> {
  if (typeof received !== 'string') {
    return { pass: this.isNot, message: () => `toPassCode expects the model's reply as a string, received ${typeof received}` }
  }
  if (typeof tests !== 'string') {
    return { pass: this.isNot, message: () => `toPassCode expects the tests as a string of code, received ${typeof tests}` }
  }
  const check = await checkCode(received, tests, options)
  if (this.isNot) check.pass = !check.pass
  // the explanation quotes what the program wrote: a key it found, or control sequences for the terminal
  const message = (): string =>
    visibleMessage(redactKeys(`expected the program ${this.isNot ? 'not ' : ''}to pass its tests: ${check.explanation}`))
  const sample = this.task ? evalsuiteMetaOf(this.task.meta) : undefined
  if (sample?.kind === 'sample') {
    sample.checks = [...(sample.checks ?? []), check]
    return { pass: !this.isNot, message }
  }
  return { pass: this.isNot ? !check.pass : check.pass, message }
}
