import { MAX_TIMER_MS } from './durations.ts'
import { createTokenBucket, type SharedBucket } from './token-bucket.ts'

/** Per-model limits on the requests sent to an endpoint. */
export interface RequestGateOptions {
  /** Requests per minute. */
  rpm?: number
  /** Tokens (input and output) per minute. */
  tpm?: number
  /**
   * Memory shared by the threads of the process, and the endpoint's name in it: every gate of that name, in any
   * thread, draws on one allowance.
   */
  shared?: SharedBucket
}

/** How an admitted request ended, so the gate can adapt. */
export interface RequestOutcome {
  /** The endpoint answered 429. */
  rateLimited?: boolean
  /** Tokens the request really used; without it, the estimate stands. */
  tokensUsed?: number
}

/** A place for one request; release it exactly once, when the request has ended. */
export interface Admission {
  release(outcome: RequestOutcome): void
}

/** Admits requests to one endpoint: under its rate limits, and under a concurrency limit that adapts to 429s. */
export interface RequestGate {
  /** Waits for a place for a request estimated at `tokens`; rejects with the signal's reason if it aborts first. */
  admit(tokens: number, signal?: AbortSignal): Promise<Admission>
  /** The concurrency limit now: unlimited until a 429, then halved, and raised again step by step as requests succeed. */
  readonly concurrency: number
}

interface Waiter {
  tokens: number
  admit: () => void
}

/**
 * Creates a gate. Concurrency is additive-increase, multiplicative-decrease: a 429 halves the requests in flight (once
 * per wave, since the requests of one wave all see the same overload), and each run of successes as long as the
 * limit raises it by one, until it is back where the first 429 found it and the gate is unlimited again.
 */
export function createRequestGate(options: RequestGateOptions): RequestGate {
  // a bucket per limit: gates that set another limit for the same endpoint keep their own
  const bucket = (perMinute: number | undefined, unit: string) => {
    if (perMinute === undefined) return undefined
    const shared = options.shared && { memory: options.shared.memory, name: `${options.shared.name} ${perMinute} ${unit}` }
    return createTokenBucket(perMinute, shared)
  }
  const requests = bucket(options.rpm, 'rpm')
  const tokens = bucket(options.tpm, 'tpm')
  const waiting: Waiter[] = []
  let limit = Number.POSITIVE_INFINITY
  let recoverAt = Number.POSITIVE_INFINITY
  let inFlight = 0
  let successes = 0
  let lastCut = Number.NEGATIVE_INFINITY
  let timer: NodeJS.Timeout | undefined

  const pump = (): void => {
    clearTimeout(timer)
    timer = undefined
    while (waiting.length > 0 && inFlight < limit) {
      const next = waiting[0]!
      const wait = Math.max(requests?.waitMs(1) ?? 0, tokens?.waitMs(next.tokens) ?? 0)
      if (wait > 0) {
        // a tiny rpm can ask for a wait past what Node's timers take; the pump looks again when it wakes
        timer = setTimeout(pump, Math.min(Math.ceil(wait), MAX_TIMER_MS))
        return
      }
      waiting.shift()
      requests?.take(1)
      tokens?.take(next.tokens)
      inFlight++
      next.admit()
    }
  }

  const adapt = (startedAt: number, rateLimited: boolean): void => {
    if (rateLimited) {
      if (startedAt <= lastCut) return
      const found = inFlight + 1
      if (limit === Number.POSITIVE_INFINITY) recoverAt = found
      limit = Math.max(1, Math.floor(Math.min(limit, found) / 2))
      lastCut = performance.now()
      successes = 0
    } else if (limit !== Number.POSITIVE_INFINITY && ++successes >= limit) {
      limit++
      successes = 0
      if (limit >= recoverAt) limit = Number.POSITIVE_INFINITY
    }
  }

  return {
    get concurrency() {
      return limit
    },
    admit(estimate, signal) {
      return new Promise<Admission>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason)
        const waiter: Waiter = {
          tokens: estimate,
          admit: () => {
            signal?.removeEventListener('abort', onAbort)
            const startedAt = performance.now()
            let released = false
            resolve({
              release(outcome) {
                if (released) return
                released = true
                inFlight--
                adapt(startedAt, outcome.rateLimited === true)
                if (outcome.tokensUsed !== undefined) tokens?.refund(estimate - outcome.tokensUsed)
                pump()
              },
            })
          },
        }
        const onAbort = (): void => {
          const index = waiting.indexOf(waiter)
          if (index >= 0) waiting.splice(index, 1)
          reject(signal?.reason)
          pump()
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        waiting.push(waiter)
        pump()
      })
    },
  }
}
