import { setTimeout as sleep } from 'node:timers/promises'
import OpenAI from 'openai'
import { EndpointFault } from './endpoint-fault.ts'

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
  if (error instanceof OpenAI.APIUserAbortError || error instanceof OpenAI.APIConnectionTimeoutError) return false
  if (error instanceof OpenAI.APIConnectionError) return true
  if (!(error instanceof OpenAI.APIError) || error.status === undefined) return false
  const told = error.headers?.get('x-should-retry')
  if (told === 'true' || told === 'false') return told === 'true'
  if (error.status === 429) return error.code !== 'insufficient_quota'
  return error.status === 408 || error.status === 409 || error.status >= 500
}

/** The wait an endpoint's error asked for (`retry-after-ms`, or `Retry-After` in seconds or as a date), in ms. */
function askedDelayMs(error: unknown): number | undefined {
  const headers = error instanceof OpenAI.APIError ? error.headers : undefined
  const milliseconds = Number.parseFloat(headers?.get('retry-after-ms') ?? '')
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds
  const value = headers?.get('retry-after')
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
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

/** How `withRetries` retries. */
export interface RetryPolicy {
  maxRetries: number
  /** The longest wait an endpoint may ask for; a longer one ends the call with `RetryWaitRefused`. */
  maxRetryAfterMs: number
  signal?: AbortSignal | undefined
}

/** Runs `attempt` until it succeeds, fails for good, or has been retried `maxRetries` times; waits abort with `signal`. */
export async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  const { signal } = policy
  for (let retry = 0; ; retry++) {
    try {
      return await attempt()
    } catch (error) {
      if (retry >= policy.maxRetries || signal?.aborted || !isRetryable(error)) throw error
      // an asked wait past the cap is refused, not waited out (nor, past 24.8 days, overflowed by Node's timers into 1 ms)
      const asked = askedDelayMs(error)
      if (asked !== undefined && asked > policy.maxRetryAfterMs) throw new RetryWaitRefused(error, asked)
      await sleep(retryDelayMs(error, retry), undefined, { signal })
    }
  }
}
