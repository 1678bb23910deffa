import { afterAll, beforeAll, type TaskMeta, type TestContext } from 'vitest'
import { META_KEY, type EvalsuiteMeta } from '../schema/index.ts'
import { visibleMessage } from './visible-text.ts'
import { errorMessage } from '../errors.ts'

/** The parts of a Vitest task the benchmark runner touches; the same shape in Vitest 4.1 and 5. */
export interface TaskLike {
  readonly type: string
  readonly mode: string
  readonly name: string
  readonly meta: object
  readonly tasks?: readonly TaskLike[]
  readonly file?: TaskLike & { readonly filepath: string }
  readonly result?: { readonly state: string; readonly errors?: readonly { readonly message: string }[] }
}

/** Runs `fn` with the suite being run, before its first test (Vitest passes the suite as the hook's second argument). */
export function beforeSuite(fn: (suite: TaskLike) => void | Promise<void>): void {
  // Vitest 4.1 parses the first parameter for fixtures and insists on a destructuring pattern
  beforeAll(({}, suite) => fn(suite))
}

/** Runs `fn` with the suite once its tests are done. */
export function afterSuite(fn: (suite: TaskLike) => void): void {
  afterAll(({}, suite) => fn(suite))
}

/** The tests and suites beside the running test, in declaration order (the tests before it have their results). */
export function siblingsOf(context: TestContext): readonly TaskLike[] {
  return context.task.suite?.tasks ?? []
}

/** The tests and suites beside the running test's suite, in declaration order: the file's, for a suite at the top. */
export function suiteSiblingsOf(context: TestContext): readonly TaskLike[] {
  return context.task.suite?.suite?.tasks ?? context.task.file.tasks
}

/**
 * Ends the running test as skipped, with `reason` as an annotation of type `type` and as Vitest's skip note. It is
 * how a test ends that must not fail the run (a wrong answer, an error within the budget, a gate left to the merged
 * run): Vitest has no state between passed and failed. The UI and the html report show the annotation in the test's
 * report tab (they do not show the note); the terminal's verbose reporter shows both.
 */
export async function skipWithReason(context: TestContext, type: string, reason: string): Promise<never> {
  // Vitest refuses annotations once the test has ended, so it goes first
  const shown = visibleMessage(reason)
  await context.annotate(shown, type)
  context.skip(shown)
  throw new Error('unreachable: context.skip returned')
}

type RetryCondition = RegExp | ((error: unknown) => boolean)

function retriesOf(retry: unknown): { count: number; condition?: RetryCondition } {
  if (typeof retry === 'number') return { count: retry }
  if (retry === null || typeof retry !== 'object') return { count: 0 }
  const { count, condition } = retry as { count?: unknown; condition?: unknown }
  const counted = typeof count === 'number' ? count : 0
  return condition instanceof RegExp || typeof condition === 'function'
    ? { count: counted, condition: condition as RetryCondition }
    : { count: counted }
}

/**
 * Whether Vitest will not run the test again after `error`: its `retry` count is used up, or the retry's
 * `condition` rejects the error. Only then is an errored sample final.
 */
export function isLastAttempt(context: TestContext, error: unknown): boolean {
  const task = context.task as { retry?: unknown; result?: { retryCount?: number } }
  const { count, condition } = retriesOf(task.retry)
  if ((task.result?.retryCount ?? 0) >= count) return true
  if (condition === undefined) return false
  if (typeof condition === 'function') return !condition(error)
  return !condition.test(errorMessage(error))
}

/** Task meta holding evalsuite's entry, for a suite's or test's `meta` option (see `evalsuiteMetaOf`). */
export function taskMeta(value: EvalsuiteMeta): Partial<TaskMeta> {
  return { [META_KEY]: value } as Partial<TaskMeta>
}
