import { afterAll, beforeAll, type TaskMeta, type TestContext } from 'vitest'
import { META_KEY, type EvalsuiteMeta } from '../schema/index.ts'

/** The parts of a Vitest task the benchmark runner touches; the same shape in Vitest 4.1 and 5. */
export interface TaskLike {
  readonly type: string
  readonly mode: string
  readonly meta: object
  readonly tasks?: readonly TaskLike[]
  readonly file?: TaskLike & { readonly filepath: string }
}

/** Runs `fn` with the suite being run, before its first test (Vitest passes the suite as the hook's second argument). */
export function beforeSuite(fn: (suite: TaskLike) => void): void {
  // Vitest 4.1 parses the first parameter for fixtures and insists on a destructuring pattern
  beforeAll(({}, suite) => fn(suite))
}

/** Runs `fn` with the suite once its tests are done. */
export function afterSuite(fn: (suite: TaskLike) => void): void {
  afterAll(({}, suite) => fn(suite))
}

/**
 * Fails the running test without throwing: Vitest keeps a failed state the test set itself (as `expect.soft` does),
 * so a wrong answer shows red in the UI without an error block for the terminal to print per sample.
 * The reason is attached as an annotation, shown in the UI's report tab.
 */
export async function markTestFailed(context: TestContext, why: string): Promise<void> {
  // without an error, the UI's report tab would show nothing but the meta table; an annotation says why it is red.
  // Vitest refuses annotations once the state is final, so it goes first
  await context.annotate(why, 'wrong answer')
  const result = (context.task as { result?: { state: string } }).result
  if (result) result.state = 'fail'
}

/** Task meta holding evalsuite's entry, for a suite's or test's `meta` option (see `evalsuiteMetaOf`). */
export function taskMeta(value: EvalsuiteMeta): Partial<TaskMeta> {
  return { [META_KEY]: value } as Partial<TaskMeta>
}
