import type { ScoringPolicy } from '../schema/index.ts'
import type { JudgeContext } from './judge-definition.ts'
import type { JudgeExecutor } from './judge-executor.ts'

/** What a benchmark tells `toPassJudge` about the sample a test scores. */
export interface JudgeScope {
  executor: JudgeExecutor
  sampleId: string
  /** The attempt of a sample its benchmark repeats. */
  attempt?: number
  /** The command that records this sample's verdicts alone. */
  recordCommand: string
  /** What is known about the sample besides the output. */
  context: Omit<JudgeContext, 'output'>
  policy?: ScoringPolicy
  signal?: AbortSignal
}

// keyed by the Vitest test, which `toPassJudge` sees as `this.task`
const scopes = new WeakMap<object, JudgeScope>()

/** Binds a test to its sample's judge scope, before its scorer runs. */
export function bindJudgeScope(task: object, scope: JudgeScope): void {
  scopes.set(task, scope)
}

/** Ends a test's binding once its scorer has run, so the scope (and its sample) is not kept for the whole run. */
export function unbindJudgeScope(task: object): void {
  scopes.delete(task)
}

/** The judge scope a benchmark bound to this test, if any. */
export function judgeScopeOf(task: object | undefined): JudgeScope | undefined {
  return task === undefined ? undefined : scopes.get(task)
}
