import { isWrongAnswer, type SampleMeta, type Trajectory } from '../schema/index.ts'

/** How one sample ended: scored right or wrong, errored (never in a metric), or not run. */
export interface SampleOutcome {
  meta: SampleMeta
  status: 'right' | 'wrong' | 'errored' | 'skipped'
  name: string
  error?: string
  /** Its test failed in Vitest (an errored sample past `maxErrors`, or one a test timeout ended). */
  testFailed?: true
  /** The record's trajectory text, read and checked by the main process (see `collectRuns`). */
  trajectory?: Trajectory
}

/** A test's state as both sides see it: the reporter (`TestCase.result()`) and a gate test (its siblings' results). */
export type TestState = 'passed' | 'failed' | 'skipped' | 'pending'

/**
 * How a sample's test ended, read from its record first: a wrong answer and an error within `maxErrors` end
 * skipped, so Vitest's state alone cannot tell them from a sample that did not run.
 */
export function sampleOutcome(meta: SampleMeta, name: string, state: TestState, errors: readonly { message: string }[]): SampleOutcome {
  if (meta.notRun !== undefined || (meta.status === 'pending' && (state === 'skipped' || state === 'pending')))
    return { meta, status: 'skipped', name }
  // a test can fail after scoring (a hook, a timeout): anything thrown makes the sample errored, not wrong
  const thrown = state === 'failed' ? errors : []
  if (meta.status !== 'scored' || thrown.length > 0) {
    const error = meta.error ?? thrown[0]?.message ?? 'the test did not finish (timeout or interrupted run)'
    return state === 'failed' ? { meta, status: 'errored', name, error, testFailed: true } : { meta, status: 'errored', name, error }
  }
  return { meta, status: meta.scores && isWrongAnswer(meta.scores) ? 'wrong' : 'right', name }
}
