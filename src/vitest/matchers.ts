import { expect } from 'vitest'
import type { ArgumentSpec, ExpectedCall, MatchTrajectoryOptions, ToCallToolsOptions, TrajectoryReference } from '../agent/index.ts'
import type { JudgeDefinition, ToPassJudgeOptions } from '../judge/index.ts'
import type { AnswerTarget, CodeOptions, MatchAnswerOptions } from '../scoring/index.ts'
import { toCallTool, toCallTools, toMatchTrajectory } from './to-call-tools.ts'
import { toMatchAnswer } from './to-match-answer.ts'
import { toPassCode } from './to-pass-code.ts'
import { toPassJudge } from './to-pass-judge.ts'

let registered = false

/**
 * Adds evalsuite's matchers (`toMatchAnswer`, `toPassJudge`, `toPassCode` and the trajectory matchers) to Vitest's
 * `expect`; idempotent.
 */
export function registerMatchers(): void {
  if (registered) return
  registered = true
  expect.extend({ toMatchAnswer, toPassJudge, toPassCode, toCallTool, toCallTools, toMatchTrajectory })
}

// Vitest 4 declares `Matchers<T>` and Vitest 5 `Matchers<R, T>`, and an augmentation must repeat the type parameters
// exactly, so no single declaration of ours could merge into both. Vitest maps every member of chai's `Assertion`
// onto its own assertion type in both majors, so the matchers are declared there, here beside their registration so
// that the package's types hold them wherever the matchers are registered from.
declare global {
  namespace Chai {
    interface Assertion {
      /**
       * Reads the answer from the reply and compares it with the target.
       * @example expect(reply).toMatchAnswer('B', { kind: 'choice' })
       */
      toMatchAnswer(target: AnswerTarget, options?: MatchAnswerOptions): void
      /**
       * Grades the output with a judge model: criteria in your words, or a definition from `judge.*`.
       * @example await expect(reply).toPassJudge('polite, and cites the refund policy')
       */
      toPassJudge(criteria: string | JudgeDefinition, options?: ToPassJudgeOptions): Promise<void>
      /**
       * Runs the program the reply holds (its last fenced block, else the whole reply) with `tests` in the code
       * sandbox: right when it runs to its end with every assertion passing.
       * @example await expect(reply).toPassCode('assert add(2, 3) == 5')
       */
      toPassCode(tests: string, options?: CodeOptions): Promise<void>
      /**
       * Some call of the tool in the trajectory, with arguments meeting `args` when given: a plain object (exactly
       * these, as JSON), `toolArgs.partial(...)`, `toolArgs.oneOf(...)`, a zod schema or a predicate.
       * @example expect(trajectory).toCallTool('search', toolArgs.partial({ q: 'refund policy' }))
       */
      toCallTool(name: string, args?: ArgumentSpec): void
      /**
       * The expected calls: in the order given (`order: 'strict'`, the default) or any order, with other calls
       * allowed (`extra: 'allow'`, the default) or not.
       * @example expect(trajectory).toCallTools(['search', { name: 'lookup', arguments: { id: 7 } }], { extra: 'forbid' })
       */
      toCallTools(expected: readonly ExpectedCall[], options?: ToCallToolsOptions): void
      /**
       * The reference's calls (a recorded trajectory, or the calls of each step): step by step (`strict`, the
       * default), in any order (`unordered`), only calls it holds (`subset`), or every call it holds (`superset`).
       * @example expect(trajectory).toMatchTrajectory([['search'], ['lookup', 'fetch']], { mode: 'unordered' })
       */
      toMatchTrajectory(reference: TrajectoryReference, options?: MatchTrajectoryOptions): void
    }
  }
}
