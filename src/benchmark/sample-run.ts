import { ModelError } from '../errors.ts'
import type { ModelOutput } from '../model/index.ts'
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

// one dispatched call: it settles once, when its call does or when it is given up, whichever comes first
interface Job {
  entry: PlannedSample
  controller: AbortController
  promise: Promise<ModelOutput>
  resolve: (output: ModelOutput) => void
  reject: (reason: unknown) => void
  running: boolean
  settled: boolean
}

/** Creates the pool for one benchmark's planned samples, each known by its key. */
export function createSampleRun(planned: readonly PlannedSample[], infer: Infer, options: SampleRunOptions): SampleRun {
  const byKey = new Map(planned.map((entry) => [entry.key, entry]))
  const jobs = new Map<string, Job>()
  // a queue of every dispatch, most of them made at once when the suite starts: read from `next`, never shifted
  let queue: (Job | undefined)[] = []
  let next = 0
  let running = 0
  let pumping = false
  let startedAt: number | undefined
  let failuresInARow = 0
  let lastFailure: unknown

  const settle = (job: Job, outcome: { output: ModelOutput } | { error: unknown }): void => {
    if (job.settled) return
    job.settled = true
    if ('output' in outcome) job.resolve(outcome.output)
    else job.reject(outcome.error)
    if (job.running) {
      running--
      pump()
    }
  }

  // once the endpoint looks dead, queued samples fail at once with one clear message instead of each waiting out
  // its own timeouts and retries
  const begin = (job: Job): void => {
    const { signal } = job.controller
    if (failuresInARow >= options.stopAfterFailures) {
      const last = lastFailure instanceof Error ? lastFailure.message : String(lastFailure)
      settle(job, { error: new ModelError(`Not called: the last ${failuresInARow} calls failed in a row, so the endpoint looks down. The last error: ${last}`) })
      return
    }
    let call: Promise<ModelOutput>
    try {
      call = infer(job.entry, signal)
    } catch (error) {
      call = Promise.reject(error)
    }
    call.then(
      (output) => {
        if (job.settled) return
        failuresInARow = 0
        settle(job, { output })
      },
      (error: unknown) => {
        if (job.settled) return
        // a call the budget refused says nothing about the endpoint
        if (!signal.aborted && !(error instanceof BudgetExhausted)) {
          failuresInARow++
          lastFailure = error
        }
        settle(job, { error })
      },
    )
  }

  // once the endpoint looks dead, each call fails at once and frees its place while the loop below still runs; the
  // loop takes the place up, so that a long queue never nests one pump inside another
  function pump(): void {
    if (pumping) return
    pumping = true
    while (running < options.concurrency && next < queue.length) {
      const job = queue[next]!
      queue[next++] = undefined
      if (job.settled) continue
      job.running = true
      running++
      begin(job)
    }
    if (next === queue.length) {
      queue = []
      next = 0
    }
    pumping = false
  }

  const dispatch = (key: string): Promise<ModelOutput> => {
    const entry = byKey.get(key)
    if (entry === undefined) return Promise.reject(new Error(`no sample "${key}"`))
    startedAt ??= performance.now()
    const job = { entry, controller: new AbortController(), running: false, settled: false } as Job
    job.promise = new Promise<ModelOutput>((resolve, reject) => {
      job.resolve = resolve
      job.reject = reject
    })
    // the test that awaits it reports the failure; until then it must not count as unhandled
    job.promise.catch(() => undefined)
    jobs.set(key, job)
    queue.push(job)
    return job.promise
  }

  return {
    start(keys) {
      for (const key of keys) if (!jobs.has(key) && byKey.has(key)) dispatch(key)
      pump()
    },
    output(key, fresh = false) {
      const known = jobs.get(key)
      if (known && !fresh) return known.promise
      const promise = dispatch(key)
      pump()
      return promise
    },
    abort(key, reason) {
      const job = jobs.get(key)
      if (job === undefined) return
      job.controller.abort(reason)
      settle(job, { error: reason })
    },
    elapsedMs() {
      return startedAt === undefined ? undefined : performance.now() - startedAt
    },
  }
}
