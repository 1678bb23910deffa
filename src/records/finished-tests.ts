import type { TestState } from './sample-outcome.ts'

/** An error as a finished test, suite or file holds it. */
export interface FinishedError {
  readonly name?: string
  readonly message: string
}

/** A suite of a finished run: its meta holds a benchmark's record. */
export interface FinishedSuite {
  readonly type: 'suite'
  readonly id: string
  readonly fullName: string
  readonly parent: FinishedSuite | { readonly type: 'module' }
  meta(): object
  errors(): ReadonlyArray<FinishedError>
}

/** A test of a finished run: its meta holds a sample's (or a gate's) record. */
export interface FinishedTest {
  readonly name: string
  readonly fullName: string
  readonly parent: FinishedSuite | { readonly type: 'module' }
  meta(): object
  result(): { readonly state: TestState; readonly errors?: ReadonlyArray<FinishedError> }
}

/**
 * A test file once the run has ended, as the report reads it. The shape is Vitest's own `TestModule`, reduced to what
 * the report reads, so that the reporter (src/plugin/) hands its modules over as they are; test/vitest/contract.test.ts
 * checks that Vitest's type still fits it.
 */
export interface FinishedModule {
  readonly moduleId: string
  readonly project: {
    readonly name: string
    /** Imports a module as the project's tests do: a merge of shards imports an eval file for its own aggregate. */
    import<T>(moduleId: string): Promise<T>
  }
  errors(): ReadonlyArray<FinishedError>
  readonly children: {
    allSuites(): Iterable<FinishedSuite>
    allTests(): Iterable<FinishedTest>
  }
}
