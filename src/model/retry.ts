import { setTimeout as sleep } from 'node:timers/promises'
import { EndpointFault } from './endpoint-fault.ts'
import { EndpointStatusError } from './endpoint-status-error.ts'
import { headerValue, retryAfterMsOf, type HeaderSource } from './rate-limit-headers.ts'
import { RETRY_DEFAULTS } from './retry-defaults.ts'

// Our own loop, not the SDK's retries nor p-retry: the SDK retries a timed-out attempt and waits out whatever
// Retry-After asks, an hour as well, with no hook to refuse it; p-retry has no per-error wait to honour Retry-After with.
// The schedule is the SDK's: 0.5 s doubling to at most 8 s, less up to a quarter of random jitter.
const FIRST_DELAY_MS = 500
const MAX_DELAY_MS = 8_000

/**
 * Whether a failed attempt deserves another: rate limits, lock conflicts, server errors and lost connections. An
 * exhausted quota is a 429 too, but waiting does not refill it. An attempt that ran out of time is not retried: an
 * endpoint too slow for one attempt is as slow for the next, and a stalled endpoint would hold each sample
 * (maxRetries + 1) times the timeout.
 */
function isRetryable(error: unknown): boolean {
  if (error instanceof EndpointFault) return error.retryable
  if (!(error instanceof EndpointStatusError)) return false
  const told = headerValue(error.headers, 'x-should-retry')
  if (told === 'true' || told === 'false') return told === 'true'
  if (error.status === 429) return error.code !== 'insufficient_quota'
  return error.status === 408 || error.status === 409 || error.status >= 500
}

/** The headers of an error reply: an `EndpointStatusError`'s, or any error's `responseHeaders` (as the AI SDK's are). */
export function errorHeaders(error: unknown): HeaderSource | undefined {
  if (error instanceof EndpointStatusError) return error.headers
  const headers: unknown = typeof error === 'object' && error !== null && 'responseHeaders' in error ? error.responseHeaders : undefined
  return typeof headers === 'object' && headers !== null ? (headers as HeaderSource) : undefined
}

/** The wait an endpoint's error asked for (`retry-after-ms`, or `Retry-After` in seconds or as a date), in ms. */
function askedDelayMs(error: unknown): number | undefined {
  const headers = errorHeaders(error)
  return headers === undefined ? undefined : retryAfterMsOf(headers)
}

/** How long to wait before retry number `retry` (0-based): what the endpoint asked for, else exponential backoff with jitter. */
export function retryDelayMs(error: unknown, retry: number, random: () => number = Math.random): number {
  return askedDelayMs(error) ?? Math.min(FIRST_DELAY_MS * 2 ** retry, MAX_DELAY_MS) * (1 - 0.25 * random())
}

/** An endpoint asked for a longer wait before the retry than the model allows; `error` is its reply. */
export class RetryWaitRefused extends Error {
  readonly error: unknown
  readonly waitMs: number
  constructor(error: unknown, waitMs: number) {
    super(`the endpoint asked for a wait of ${waitMs} ms before a retry`)
    this.name = 'RetryWaitRefused'
    this.error = error
    this.waitMs = waitMs
  }
}

/** The time and the waits of `withRetries`; tests give a clock of their own. */
export interface RetryClock {
  now(): number
  sleep(ms: number, signal: AbortSignal | undefined): Promise<void>
}

const realClock: RetryClock = {
  now: () => performance.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
}

/** How `withRetries` retries. */
export interface RetryPolicy {
  maxRetries: number
  /** The longest wait an endpoint may ask for; a longer one ends the call with `RetryWaitRefused`. */
  maxRetryAfterMs: number
  /**
   * The longest a call goes on retrying, from its first failed attempt: a retry that would start later is not made,
   * and the call fails with its last error. @default RETRY_DEFAULTS.maxRetryTimeMs
   */
  maxRetryTimeMs?: number | undefined
  signal?: AbortSignal | undefined
  clock?: RetryClock | undefined
}

/**
 * Runs `attempt` until it succeeds, fails for good, has been retried `maxRetries` times, or has been retrying for
 * `maxRetryTimeMs`; waits abort with `signal`.
 */
export async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  const { signal } = policy
  const clock = policy.clock ?? realClock
  const maxRetryTimeMs = policy.maxRetryTimeMs ?? RETRY_DEFAULTS.maxRetryTimeMs
  let firstFailure: number | undefined
  for (let retry = 0; ; retry++) {
    try {
      return await attempt()
    } catch (error) {
      if (retry >= policy.maxRetries || signal?.aborted || !isRetryable(error)) throw error
      // an asked wait past the cap is refused, not waited out (nor, past 24.8 days, overflowed by Node's timers into 1 ms)
      const asked = askedDelayMs(error)
      if (asked !== undefined && asked > policy.maxRetryAfterMs) throw new RetryWaitRefused(error, asked)
      const now = clock.now()
      firstFailure ??= now
      const delay = retryDelayMs(error, retry)
      if (now + delay - firstFailure > maxRetryTimeMs) throw error
      await clock.sleep(delay, signal)
    }
  }
}
