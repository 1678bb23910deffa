import type { ScorerContext } from '../benchmark/index.ts'

/**
 * The test a sample runs in, as the runner hands it to the core (src/vitest/ makes one of each Vitest test): its
 * record, where it runs, and the ways a test can end that the core chooses between.
 */
export interface SampleTest {
  /** The test's meta, holding the sample's record. */
  readonly meta: object
  readonly name: string
  /** The eval file. */
  readonly file: string
  /** Aborted when the test times out or the run is cancelled. */
  readonly signal: AbortSignal
  /** The test runs again after a failure: the sample's output is asked for again, not taken from the pool. */
  readonly retrying: boolean
  /** What `toPassJudge` finds the sample's judge scope by: the runner's own task. */
  readonly task: object
  /** The test's own `expect`, for a scorer; each read may build one, so it is read only when a scorer asks. */
  readonly expect: ScorerContext['expect']
  annotate(message: string, type: string): Promise<void>
  /** Whether the runner will not run the test again after `error`: only then is an errored sample final. */
  isLastAttempt(error: unknown): boolean
  /** Ends the test as not run, with `note`. */
  skip(note: string): never
  /**
   * Ends the test without failing the run (a wrong answer, an error within the budget), with `reason` as an
   * annotation of type `type`.
   */
  skipWithReason(type: string, reason: string): Promise<never>
}
