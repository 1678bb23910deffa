import { expect } from 'vitest'
import { toMatchAnswer } from './to-match-answer.ts'
import { toPassJudge } from './to-pass-judge.ts'

let registered = false

/** Adds evalsuite's matchers (`toMatchAnswer`, `toPassJudge`) to Vitest's `expect`; idempotent. */
export function registerMatchers(): void {
  if (registered) return
  registered = true
  expect.extend({ toMatchAnswer, toPassJudge })
}
