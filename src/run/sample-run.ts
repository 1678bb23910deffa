import pLimit from 'p-limit'
import { errorMessage, ModelError } from '../errors.ts'
import type { AgentOutput } from '../agent/index.ts'
import type { ModelOutput } from '../model/index.ts'
import type { PlannedSample } from '../selection/index.ts'
import { CostLimitReached } from './cost-limit.ts'

/** What the pool gives each call. */
export interface SampleCall {
  /**
   * Aborts when the call's test times out or is cancelled. It is made on first read: a replayed reply never reads
   * it, and making a signal costs more than the rest of replaying a reply.
   */
  readonly signal: AbortSignal
}

// Classes, not object literals with a getter: V8 moves a literal with a getter, made afresh for each call, to the
// old generation with all it reaches (the call's controller, its job and reply), where none of it is freed before the
// next full collection; about 300 bytes a sample, measured with the pool alone

// a call's signal, made when first read
class ControllerCall implements SampleCall {
  constructor(private readonly controller: AbortController) {}
  get signal(): AbortSignal {
    return this.controller.signal
  }
}

class AttemptCall implements SampleCall {
  constructor(
    private readonly call: SampleCall,
    readonly attempt: number,
  ) {}
  get signal(): AbortSignal {
    return this.call.signal
  }
}

/** The call with its sample's attempt, its signal still made only on first read. */
export function withAttempt(call: SampleCall, attempt: number): SampleCall & { attempt: number } {
  return new AttemptCall(call, attempt)
}

/** A sample's output: the reply, and what an agent did for it when it ran one (tools, turns, a task's trajectory). */
export type SampleOutput = ModelOutput & Partial<Pick<AgentOutput, 'trajectory' | 'turns'>>

/** Hears of each reply the pool called ahead as it arrives, before its test takes it. */
export type OutputListener = (entry: PlannedSample, output: SampleOutput) => void

/** Turns one planned sample (an attempt) into the reply to score. */
export type Infer = (planned: PlannedSample, call: SampleCall) => Promise<SampleOutput>

/**
 * The benchmark's own inference pool. It calls the samples in the order their tests run, ahead of the tests, so the
 * endpoint stays busy however Vitest schedules the tests that await the replies; but never more than `ahead` replies
 * ahead of the tests that take them, so that what it holds does not grow with the run.
 */
export interface SampleRun {
  /**
   * Starts calling the given planned samples by key (the ones Vitest will run), in order. `onOutput` hears of each
   * reply as it arrives (a judge starts on it), before its test takes it.
   */
  start(keys: readonly string[], onOutput?: OutputListener): void
  /**
   * Takes the reply for a planned sample, once its test runs; `fresh` asks again (a Vitest retry) instead of taking
   * the reply called ahead. The pool keeps no reply once its test holds it: the test keeps what the report needs (the
   * reply cut), and a later `output` asks again. When `signal` (the awaiting test's) aborts before the reply arrives,
   * the call is given up, and counts as failed.
   */
  output(key: string, fresh?: boolean, signal?: AbortSignal): Promise<SampleOutput>
  /**
   * Gives up every call not yet answered, in flight or waiting, even those that ignore their signal, and calls nothing
   * more: a reply asked for after this is rejected with `reason`.
   */
  stop(reason: unknown): void
  /** Milliseconds since the first dispatch; undefined before it. */
  elapsedMs(): number | undefined
}

/** How the pool runs. */
export interface SampleRunOptions {
  concurrency: number
  /** After this many failed calls in a row, the endpoint is taken for dead and nothing more is dispatched. */
  stopAfterFailures: number
  /** How many replies the pool may call ahead of the tests that take them, in flight or waiting. */
  ahead: number
}

// one dispatched call: it settles once, when its call does or when it is given up, whichever comes first; a settled
// job keeps only its promise, and the controller exists only while the call runs
interface Job {
  entry: PlannedSample
  promise: Promise<SampleOutput>
  resolve: ((output: SampleOutput) => void) | undefined
  reject: ((reason: unknown) => void) | undefined
  controller: AbortController | undefined
  /** Frees the job's place in the pool: when it settles, not when its call does, since a call may ignore its signal. */
  release: (() => void) | undefined
  /** Called ahead of its test, so counted against `ahead` until the test takes it. */
  ahead: boolean
  /** Its test has taken it: the pool drops it once it settles. */
  taken: boolean
}

const ignore = (): undefined => undefined

/** Creates the pool for one benchmark's planned samples, each known by its key. */
export function createSampleRun(planned: readonly PlannedSample[], infer: Infer, options: SampleRunOptions): SampleRun {
  const byKey = new Map(planned.map((entry) => [entry.key, entry]))
  // every job dispatched and not yet both settled and taken
  const jobs = new Map<string, Job>()
  const limit = pLimit(options.concurrency)
  let startedAt: number | undefined
  let failuresInARow = 0
  let lastFailure: unknown
  let stopped: { reason: unknown } | undefined
  let order: readonly string[] = []
  let next = 0
  let waiting = 0
  // keys whose tests asked before the pool came to them (a test run out of order): the pool skips them on its way
  const askedEarly = new Set<string>()
  let onOutput: OutputListener | undefined

  // a retry's fresh call may have taken the key's place
  const drop = (job: Job): void => {
    if (jobs.get(job.entry.key) === job) jobs.delete(job.entry.key)
  }

  const settle = (job: Job, outcome: { output: SampleOutput } | { error: unknown }): void => {
    const { resolve, reject, release } = job
    if (resolve === undefined || reject === undefined) return
    job.resolve = job.reject = job.controller = job.release = undefined
    if (job.taken) drop(job)
    if ('output' in outcome) {
      resolve(outcome.output)
      if (job.ahead) onOutput?.(job.entry, outcome.output)
    } else {
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
    const last = errorMessage(lastFailure)
    return new ModelError(
      `Not called: the last ${failuresInARow} calls failed in a row, so the endpoint looks down. The last error: ${last}`,
    )
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
    let reply: Promise<SampleOutput>
    try {
      // Node makes a controller's signal when it is first read
      reply = infer(job.entry, new ControllerCall(controller))
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
        if (!(error instanceof CostLimitReached)) {
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

  const dispatch = (entry: PlannedSample, ahead: boolean): Job => {
    startedAt ??= performance.now()
    const job: Job = {
      entry,
      promise: undefined!,
      resolve: undefined,
      reject: undefined,
      controller: undefined,
      release: undefined,
      ahead,
      taken: !ahead,
    }
    job.promise = new Promise<SampleOutput>((resolve, reject) => {
      job.resolve = resolve
      job.reject = reject
    })
    jobs.set(entry.key, job)
    if (stopped) giveUp(job, stopped.reason)
    else void limit(begin, job)
    return job
  }

  // calls the next samples in the tests' order while fewer than `ahead` replies wait for their tests
  const callAhead = (): void => {
    while (waiting < options.ahead && next < order.length && !stopped) {
      const key = order[next++]!
      const entry = byKey.get(key)
      if (askedEarly.delete(key) || entry === undefined || jobs.has(key)) continue
      waiting++
      dispatch(entry, true)
    }
  }

  const take = (job: Job): void => {
    if (job.taken) return
    job.taken = true
    if (job.resolve === undefined) drop(job)
    waiting--
    callAhead()
  }

  return {
    start(keys, listener) {
      order = keys
      next = 0
      onOutput = listener
      callAhead()
    },
    output(key, fresh = false, signal) {
      const entry = byKey.get(key)
      if (entry === undefined) return Promise.reject(new Error(`no sample "${key}"`))
      let job = fresh ? undefined : jobs.get(key)
      if (job) take(job)
      else {
        if (!fresh && order.indexOf(key, next) !== -1) askedEarly.add(key)
        job = dispatch(entry, false)
      }
      const { promise } = job
      // a timed-out or cancelled test gives up its call, so that a hung request cannot hold a place in the pool; a
      // call given up in flight counts as failed, or an endpoint that outlasts each test's timeout is never taken for down
      if (signal && job.resolve !== undefined) {
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
    stop(reason) {
      stopped = { reason }
      for (const job of [...jobs.values()]) giveUp(job, reason)
    },
    elapsedMs() {
      return startedAt === undefined ? undefined : performance.now() - startedAt
    },
  }
}
