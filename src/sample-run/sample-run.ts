import pLimit from 'p-limit'
import { ModelError } from '../errors.ts'
import type { ModelOutput } from '../model/index.ts'
import type { PlannedSample } from '../selection/index.ts'
import { BudgetExhausted } from '../inference/index.ts'

/** What the pool gives each call. */
export interface SampleCall {
  /**
   * Aborts when the call's test times out or is cancelled. It is made on first read: a replayed reply never reads
   * it, and making a signal costs more than the rest of replaying a reply.
   */
  readonly signal: AbortSignal
}

/** The call with its sample's attempt, its signal still made only on first read. */
export function withAttempt(call: SampleCall, attempt: number): SampleCall & { attempt: number } {
  return {
    get signal() {
      return call.signal
    },
    attempt,
  }
}

/** Turns one planned sample (an attempt) into the reply to score. */
export type Infer = (planned: PlannedSample, call: SampleCall) => Promise<ModelOutput>

/**
 * The benchmark's own inference pool. It starts every selected sample as soon as the suite starts, so the endpoint
 * stays busy however Vitest schedules the tests that await the replies.
 */
export interface SampleRun {
  /** Dispatches the given planned samples by key (the ones Vitest will run), in order. */
  start(keys: Iterable<string>): void
  /**
   * The reply for a planned sample; `fresh` asks again (a Vitest retry) instead of reusing the first reply. When
   * `signal` (the awaiting test's) aborts before the reply arrives, the call is given up as by `abort`.
   */
  output(key: string, fresh?: boolean, signal?: AbortSignal): Promise<ModelOutput>
  /** Gives up on a planned sample: its call is aborted and its place in the pool freed, even if the call ignores the signal. */
  abort(key: string, reason: unknown): void
  /**
   * Drops a planned sample's reply once its test holds it: the test keeps what the report needs (the reply cut), and
   * a pool that kept every whole reply to the end of the run would grow with each sample. A later `output` asks again.
   */
  forget(key: string): void
  /** Milliseconds since the first dispatch; undefined before it. */
  elapsedMs(): number | undefined
}

/** How the pool runs. */
export interface SampleRunOptions {
  concurrency: number
  /** After this many failed calls in a row, the endpoint is taken for dead and nothing more is dispatched. */
  stopAfterFailures: number
}

// one dispatched call: it settles once, when its call does or when it is given up, whichever comes first; a settled
// job keeps only its promise, and the controller exists only while the call runs
interface Job {
  entry: PlannedSample
  promise: Promise<ModelOutput>
  resolve: ((output: ModelOutput) => void) | undefined
  reject: ((reason: unknown) => void) | undefined
  controller: AbortController | undefined
  /** Frees the job's place in the pool: when it settles, not when its call does, since a call may ignore its signal. */
  release: (() => void) | undefined
}

const ignore = (): undefined => undefined

/** Creates the pool for one benchmark's planned samples, each known by its key. */
export function createSampleRun(planned: readonly PlannedSample[], infer: Infer, options: SampleRunOptions): SampleRun {
  const byKey = new Map(planned.map((entry) => [entry.key, entry]))
  const jobs = new Map<string, Job>()
  const limit = pLimit(options.concurrency)
  let startedAt: number | undefined
  let failuresInARow = 0
  let lastFailure: unknown

  const settle = (job: Job, outcome: { output: ModelOutput } | { error: unknown }): void => {
    const { resolve, reject, release } = job
    if (resolve === undefined || reject === undefined) return
    job.resolve = job.reject = job.controller = job.release = undefined
    if ('output' in outcome) resolve(outcome.output)
    else {
      // the test that awaits it reports the failure; until then it must not count as unhandled
      job.promise.catch(ignore)
      reject(outcome.error)
    }
    release?.()
  }

  // once the endpoint looks dead, queued samples fail at once with one clear message instead of each waiting out
  // its own timeouts and retries
  const endpointDown = (): ModelError | undefined => {
    if (failuresInARow < options.stopAfterFailures) return undefined
    const last = lastFailure instanceof Error ? lastFailure.message : String(lastFailure)
    return new ModelError(`Not called: the last ${failuresInARow} calls failed in a row, so the endpoint looks down. The last error: ${last}`)
  }

  // runs in the pool when the job's turn comes; the place is held until the job settles
  const begin = (job: Job): Promise<void> | undefined => {
    // given up while it waited for its turn
    if (job.resolve === undefined) return undefined
    const down = endpointDown()
    if (down) {
      settle(job, { error: down })
      return undefined
    }
    const controller = new AbortController()
    job.controller = controller
    const held = new Promise<void>((release) => {
      job.release = release
    })
    let reply: Promise<ModelOutput>
    try {
      // Node makes a controller's signal when it is first read
      reply = infer(job.entry, { get signal() { return controller.signal } })
    } catch (error) {
      reply = Promise.reject(error)
    }
    reply.then(
      (output) => {
        if (job.controller !== controller) return
        failuresInARow = 0
        settle(job, { output })
      },
      (error: unknown) => {
        if (job.controller !== controller) return
        // a call the budget refused says nothing about the endpoint
        if (!(error instanceof BudgetExhausted)) {
          failuresInARow++
          lastFailure = error
        }
        settle(job, { error })
      },
    )
    return held
  }

  const giveUp = (job: Job, reason: unknown): void => {
    job.controller?.abort(reason)
    settle(job, { error: reason })
  }

  const dispatch = (key: string): Promise<ModelOutput> => {
    const entry = byKey.get(key)
    if (entry === undefined) return Promise.reject(new Error(`no sample "${key}"`))
    startedAt ??= performance.now()
    const job: Job = { entry, promise: undefined!, resolve: undefined, reject: undefined, controller: undefined, release: undefined }
    job.promise = new Promise<ModelOutput>((resolve, reject) => {
      job.resolve = resolve
      job.reject = reject
    })
    jobs.set(key, job)
    void limit(begin, job)
    return job.promise
  }

  return {
    start(keys) {
      for (const key of keys) if (!jobs.has(key) && byKey.has(key)) dispatch(key)
    },
    output(key, fresh = false, signal) {
      const known = fresh ? undefined : jobs.get(key)
      const promise = known ? known.promise : dispatch(key)
      const job = jobs.get(key)
      // a timed-out or cancelled test gives up its call, so that a hung request cannot hold a place in the pool; a
      // call given up in flight counts as failed, or an endpoint that outlasts each test's timeout is never taken for down
      if (signal && job?.resolve !== undefined) {
        const onAbort = (): void => {
          if (job.controller !== undefined) {
            failuresInARow++
            lastFailure = signal.reason
          }
          giveUp(job, signal.reason)
        }
        if (signal.aborted) onAbort()
        else {
          signal.addEventListener('abort', onAbort, { once: true })
          // Vitest keeps each test's signal to the end of the run, and through the listener it would keep the reply
          const detach = (): void => signal.removeEventListener('abort', onAbort)
          promise.then(detach, detach)
        }
      }
      return promise
    },
    abort(key, reason) {
      const job = jobs.get(key)
      if (job !== undefined) giveUp(job, reason)
    },
    forget(key) {
      jobs.delete(key)
    },
    elapsedMs() {
      return startedAt === undefined ? undefined : performance.now() - startedAt
    },
  }
}
