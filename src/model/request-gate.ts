import { MAX_TIMER_MS } from './durations.ts'
import { LIMIT_KINDS, readRateLimits, type HeaderSource, type LimitKind } from './rate-limit-headers.ts'
import { createTokenBucket, type SharedBucket, type TokenBucket } from './token-bucket.ts'

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
  /**
   * The longest a request waits on what the endpoint's headers said (its rate-limit headers, a `Retry-After` on a
   * 429): a longer wait is not held at all, and a request held this long goes; the endpoint may refuse it. @default 60000
   */
  maxWaitMs?: number
}

/** A request's tokens: all of them, or its input and output apart (for limits that count them apart). */
export type TokenEstimate = number | { input: number; output: number }

/** How an admitted request ended, so the gate can adapt. */
export interface RequestOutcome {
  /** The endpoint answered 429. */
  rateLimited?: boolean
  /** Tokens the request really used; without it, the estimate stands. */
  tokensUsed?: TokenEstimate
  /**
   * The reply's headers, an error's included: the rate limits they state (OpenAI's `x-ratelimit-*`, Anthropic's
   * `anthropic-ratelimit-*`) pace the requests that follow, and a 429's `Retry-After` holds them all back.
   */
  headers?: HeaderSource | undefined
}

/** A place for one request; release it exactly once, when the request has ended. */
export interface Admission {
  release(outcome: RequestOutcome): void
}

/** Admits requests to one endpoint: under its rate limits, and under a concurrency limit that adapts to 429s. */
export interface RequestGate {
  /** Waits for a place for a request estimated at `tokens`; rejects with the signal's reason if it aborts first. */
  admit(tokens: TokenEstimate, signal?: AbortSignal): Promise<Admission>
  /** The concurrency limit now: unlimited until a 429, then halved, and raised again step by step as requests succeed. */
  readonly concurrency: number
}

interface Waiter {
  units: Record<LimitKind, number>
  /** When it asked (performance.now()): what the headers make it wait is counted from here. */
  since: number
  admit: () => void
}

const unitsOf = (tokens: TokenEstimate): Record<LimitKind, number> => {
  const { input, output } = typeof tokens === 'number' ? { input: tokens, output: 0 } : tokens
  return { requests: 1, tokens: input + output, 'input-tokens': input, 'output-tokens': output }
}

/** A limit the endpoint's headers stated: a bucket at its rate, and the units taken from it so far. */
interface Learned {
  perMinute: number
  bucket: TokenBucket
  taken: number
}

/**
 * Creates a gate. Concurrency is additive-increase, multiplicative-decrease: a 429 halves the requests in flight (once
 * per wave, since the requests of one wave all see the same overload), and each run of successes as long as the
 * limit raises it by one, until it is back where the first 429 found it and the gate is unlimited again.
 */
export function createRequestGate(options: RequestGateOptions): RequestGate {
  const maxWaitMs = options.maxWaitMs ?? 60_000
  // a bucket per limit: gates that set another limit for the same endpoint keep their own
  const bucket = (perMinute: number | undefined, unit: string) => {
    if (perMinute === undefined) return undefined
    const shared = options.shared && { memory: options.shared.memory, name: `${options.shared.name} ${perMinute} ${unit}` }
    return createTokenBucket(perMinute, shared)
  }
  const requests = bucket(options.rpm, 'rpm')
  const tokens = bucket(options.tpm, 'tpm')
  const learned = new Map<LimitKind, Learned>()
  // no request goes before this time (performance.now()): a 429's Retry-After, or a limit used up until its reset
  let pausedUntil = 0
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
      const now = performance.now()
      let told = pausedUntil - now
      for (const [kind, known] of learned) told = Math.max(told, known.bucket.waitMs(next.units[kind]))
      // what the endpoint said is waited for up to maxWaitMs from the request's arrival, so that no header (a limit of
      // 1e-9, a reset in the year 9999) holds a run for longer
      told = Math.min(told, next.since + maxWaitMs - now)
      const wait = Math.max(requests?.waitMs(1) ?? 0, tokens?.waitMs(next.units.tokens) ?? 0, told)
      if (wait > 0) {
        // a tiny rpm can ask for a wait past what Node's timers take; the pump looks again when it wakes
        timer = setTimeout(pump, Math.min(Math.ceil(wait), MAX_TIMER_MS))
        return
      }
      waiting.shift()
      requests?.take(1)
      tokens?.take(next.units.tokens)
      for (const [kind, known] of learned) {
        known.bucket.take(next.units[kind])
        known.taken += next.units[kind]
      }
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

  // what one reply's headers say: each stated limit gets a bucket at its rate, brought down to what the endpoint says is
  // left, less what was sent since this request and plus what refilled since; a used-up limit without a rate, or a
  // 429's Retry-After, holds every request back
  const learn = (headers: HeaderSource, rateLimited: boolean, admittedAt: number, takenBefore: Map<Learned, number> | undefined): void => {
    const reading = readRateLimits(headers)
    const now = performance.now()
    // a longer wait is not held: the requests go, and the retries refuse the endpoint's 429 at once (maxRetryAfterMs)
    const hold = (ms: number): void => {
      if (ms <= maxWaitMs) pausedUntil = Math.max(pausedUntil, now + ms)
    }
    if (rateLimited && reading.retryAfterMs !== undefined) hold(reading.retryAfterMs)
    for (const kind of LIMIT_KINDS) {
      const stated = reading.limits[kind]
      if (stated === undefined) continue
      if (stated.limit === undefined) {
        if (stated.remaining === 0 && stated.resetMs !== undefined) hold(stated.resetMs)
        continue
      }
      let known = learned.get(kind)
      if (known?.perMinute !== stated.limit) {
        known = { perMinute: stated.limit, bucket: createTokenBucket(stated.limit), taken: 0 }
        learned.set(kind, known)
      }
      if (stated.remaining === undefined) continue
      const sentSince = known.taken - (takenBefore?.get(known) ?? 0)
      known.bucket.lowerTo(stated.remaining - sentSince + ((now - admittedAt) * known.perMinute) / 60_000)
    }
  }

  return {
    get concurrency() {
      return limit
    },
    admit(estimate, signal) {
      return new Promise<Admission>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason)
        const units = unitsOf(estimate)
        const waiter: Waiter = {
          units,
          since: performance.now(),
          admit: () => {
            signal?.removeEventListener('abort', onAbort)
            const startedAt = performance.now()
            // what each stated limit had taken with this request: what was taken after it, its reply cannot count
            let takenBefore: Map<Learned, number> | undefined
            for (const known of learned.values()) (takenBefore ??= new Map()).set(known, known.taken)
            let released = false
            resolve({
              release(outcome) {
                if (released) return
                released = true
                inFlight--
                adapt(startedAt, outcome.rateLimited === true)
                if (outcome.tokensUsed !== undefined) {
                  const used = unitsOf(outcome.tokensUsed)
                  tokens?.refund(units.tokens - used.tokens)
                  for (const [kind, known] of learned)
                    if (kind !== 'requests' && takenBefore?.has(known)) known.bucket.refund(units[kind] - used[kind])
                }
                if (outcome.headers !== undefined) learn(outcome.headers, outcome.rateLimited === true, startedAt, takenBefore)
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
