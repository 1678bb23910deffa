import pLimit from 'p-limit'
import { ModelError } from '../errors.ts'
import { untilAborted, type ModelOutput } from '../model/index.ts'
import type { PlannedSample } from './pipeline.ts'
import { BudgetExhausted } from './budget.ts'

/** Turns one planned sample (an attempt) into the reply to score; `signal` aborts when its test times out or is cancelled. */
export type Infer = (planned: PlannedSample, signal: AbortSignal) => Promise<ModelOutput>

/**
 * The benchmark's own inference pool. It starts every selected sample as soon as the suite starts, so the endpoint
 * stays busy however Vitest schedules the tests that await the replies.
 */
export interface SampleRun {
  /** Dispatches the given planned samples by key (the ones Vitest will run), in order. */
  start(keys: Iterable<string>): void
  /** The reply for a planned sample; `fresh` asks again (a Vitest retry) instead of reusing the first reply. */
  output(key: string, fresh?: boolean): Promise<ModelOutput>
  /** Gives up on a planned sample: its call is aborted and its place in the pool freed, even if the call ignores the signal. */
  abort(key: string, reason: unknown): void
  /** Milliseconds since the first dispatch; undefined before it. */
  elapsedMs(): number | undefined
}

/** How the pool runs. */
export interface SampleRunOptions {
  concurrency: number
  /** After this many failed calls in a row, the endpoint is taken for dead and nothing more is dispatched. */
  stopAfterFailures: number
}

/** Creates the pool for one benchmark's planned samples, each known by its key. */
export function createSampleRun(planned: readonly PlannedSample[], infer: Infer, options: SampleRunOptions): SampleRun {
  const byKey = new Map(planned.map((entry) => [entry.key, entry]))
  const pending = new Map<string, { promise: Promise<ModelOutput>; controller: AbortController }>()
  const limit = pLimit(options.concurrency)
  let startedAt: number | undefined
  let failuresInARow = 0
  let lastFailure: unknown
  // once the endpoint looks dead, queued samples fail at once with one clear message instead of each waiting out
  // its own timeouts and retries
  const call = async (entry: PlannedSample, signal: AbortSignal): Promise<ModelOutput> => {
    if (failuresInARow >= options.stopAfterFailures) {
      const last = lastFailure instanceof Error ? lastFailure.message : String(lastFailure)
      throw new ModelError(`Not called: the last ${failuresInARow} calls failed in a row, so the endpoint looks down. The last error: ${last}`)
    }
    try {
      const output = await untilAborted(infer(entry, signal), signal)
      failuresInARow = 0
      return output
    } catch (error) {
      // a call the budget refused says nothing about the endpoint
      if (!signal.aborted && !(error instanceof BudgetExhausted)) {
        failuresInARow++
        lastFailure = error
      }
      throw error
    }
  }

  const dispatch = (key: string): Promise<ModelOutput> => {
    const entry = byKey.get(key)
    if (entry === undefined) return Promise.reject(new Error(`no sample "${key}"`))
    startedAt ??= performance.now()
    const controller = new AbortController()
    const promise = limit(() => call(entry, controller.signal))
    // the test that awaits it reports the failure; until then it must not count as unhandled
    promise.catch(() => undefined)
    pending.set(key, { promise, controller })
    return promise
  }

  return {
    start(keys) {
      for (const key of keys) if (!pending.has(key) && byKey.has(key)) dispatch(key)
    },
    output(key, fresh = false) {
      const known = pending.get(key)
      return known && !fresh ? known.promise : dispatch(key)
    },
    abort(key, reason) {
      pending.get(key)?.controller.abort(reason)
    },
    elapsedMs() {
      return startedAt === undefined ? undefined : performance.now() - startedAt
    },
  }
}
