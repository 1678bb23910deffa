import pLimit from 'p-limit'
import type { ModelOutput } from '../model/index.ts'
import type { Sample } from '../schema/index.ts'

/** Turns one sample into the reply to score. */
export type Infer = (sample: Sample) => Promise<ModelOutput>

/**
 * The benchmark's own inference pool. It starts every selected sample as soon as the suite starts, so the endpoint
 * stays busy however Vitest schedules the tests that await the replies.
 */
export interface SampleRun {
  /** Dispatches the given samples (the ones Vitest will run), in order. */
  start(ids: Iterable<string>): void
  /** The reply for a sample; `fresh` asks again (a Vitest retry) instead of reusing the first reply. */
  output(id: string, fresh?: boolean): Promise<ModelOutput>
  /** Milliseconds since the first dispatch; undefined before it. */
  elapsedMs(): number | undefined
}

/** Creates the pool for one benchmark's samples. */
export function createSampleRun(samples: readonly Sample[], infer: Infer, concurrency: number): SampleRun {
  const byId = new Map(samples.map((sample) => [sample.id, sample]))
  const pending = new Map<string, Promise<ModelOutput>>()
  const limit = pLimit(concurrency)
  let startedAt: number | undefined

  const dispatch = (id: string): Promise<ModelOutput> => {
    const sample = byId.get(id)
    if (sample === undefined) return Promise.reject(new Error(`no sample "${id}"`))
    startedAt ??= performance.now()
    const promise = limit(() => infer(sample))
    // the test that awaits it reports the failure; until then it must not count as unhandled
    promise.catch(() => undefined)
    pending.set(id, promise)
    return promise
  }

  return {
    start(ids) {
      for (const id of ids) if (!pending.has(id)) dispatch(id)
    },
    output(id, fresh = false) {
      const known = pending.get(id)
      return known && !fresh ? known : dispatch(id)
    },
    elapsedMs() {
      return startedAt === undefined ? undefined : performance.now() - startedAt
    },
  }
}
