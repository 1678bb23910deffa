import pLimit from 'p-limit'
import { ModelError } from '../errors.ts'
import { untilAborted, type ModelOutput } from '../model/index.ts'
import type { Sample } from '../schema/index.ts'
import { BudgetExhausted } from './budget.ts'

/** Turns one sample into the reply to score; `signal` aborts when the sample's test times out or is cancelled. */
export type Infer = (sample: Sample, signal: AbortSignal) => Promise<ModelOutput>

/**
 * The benchmark's own inference pool. It starts every selected sample as soon as the suite starts, so the endpoint
 * stays busy however Vitest schedules the tests that await the replies.
 */
export interface SampleRun {
  /** Dispatches the given samples (the ones Vitest will run), in order. */
  start(ids: Iterable<string>): void
  /** The reply for a sample; `fresh` asks again (a Vitest retry) instead of reusing the first reply. */
  output(id: string, fresh?: boolean): Promise<ModelOutput>
  /** Gives up on a sample: its call is aborted and its place in the pool freed, even if the call ignores the signal. */
  abort(id: string, reason: unknown): void
  /** Milliseconds since the first dispatch; undefined before it. */
  elapsedMs(): number | undefined
}

/** How the pool runs. */
export interface SampleRunOptions {
  concurrency: number
  /** After this many failed calls in a row, the endpoint is taken for dead and nothing more is dispatched. */
  stopAfterFailures: number
}

/** Creates the pool for one benchmark's samples. */
export function createSampleRun(samples: readonly Sample[], infer: Infer, options: SampleRunOptions): SampleRun {
  const byId = new Map(samples.map((sample) => [sample.id, sample]))
  const pending = new Map<string, { promise: Promise<ModelOutput>; controller: AbortController }>()
  const limit = pLimit(options.concurrency)
  let startedAt: number | undefined
  let failuresInARow = 0
  let lastFailure: unknown
  // once the endpoint looks dead, queued samples fail at once with one clear message instead of each waiting out
  // its own timeouts and retries
  const call = async (sample: Sample, signal: AbortSignal): Promise<ModelOutput> => {
    if (failuresInARow >= options.stopAfterFailures) {
      const last = lastFailure instanceof Error ? lastFailure.message : String(lastFailure)
      throw new ModelError(`Not called: the last ${failuresInARow} calls failed in a row, so the endpoint looks down. The last error: ${last}`)
    }
    try {
      const output = await untilAborted(infer(sample, signal), signal)
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

  const dispatch = (id: string): Promise<ModelOutput> => {
    const sample = byId.get(id)
    if (sample === undefined) return Promise.reject(new Error(`no sample "${id}"`))
    startedAt ??= performance.now()
    const controller = new AbortController()
    const promise = limit(() => call(sample, controller.signal))
    // the test that awaits it reports the failure; until then it must not count as unhandled
    promise.catch(() => undefined)
    pending.set(id, { promise, controller })
    return promise
  }

  return {
    start(ids) {
      for (const id of ids) if (!pending.has(id) && byId.has(id)) dispatch(id)
    },
    output(id, fresh = false) {
      const known = pending.get(id)
      return known && !fresh ? known.promise : dispatch(id)
    },
    abort(id, reason) {
      pending.get(id)?.controller.abort(reason)
    },
    elapsedMs() {
      return startedAt === undefined ? undefined : performance.now() - startedAt
    },
  }
}
