import { setTimeout as sleep } from 'node:timers/promises'
import OpenAI from 'openai'

// the openai SDK's own schedule: 0.5 s doubling to at most 8 s, less up to a quarter of random jitter
const FIRST_DELAY_MS = 500
const MAX_DELAY_MS = 8_000

/**
 * Whether a failed attempt deserves another: rate limits, timeouts, lock conflicts, server errors and lost
 * connections. An exhausted quota is a 429 too, but waiting does not refill it.
 */
function isRetryable(error: unknown): boolean {
  if (error instanceof OpenAI.APIUserAbortError) return false
  if (error instanceof OpenAI.APIConnectionError) return true
  if (!(error instanceof OpenAI.APIError) || error.status === undefined) return false
  const told = error.headers?.get('x-should-retry')
  if (told === 'true' || told === 'false') return told === 'true'
  if (error.status === 429) return error.code !== 'insufficient_quota'
  return error.status === 408 || error.status === 409 || error.status >= 500
}

/** The wait the endpoint asked for (`retry-after-ms`, or `Retry-After` in seconds or as a date), in ms. */
function askedDelayMs(headers: Headers | undefined): number | undefined {
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
  const asked = error instanceof OpenAI.APIError ? askedDelayMs(error.headers) : undefined
  if (asked !== undefined) return asked
  return Math.min(FIRST_DELAY_MS * 2 ** retry, MAX_DELAY_MS) * (1 - 0.25 * random())
}

/** Runs `attempt` until it succeeds, fails for good, or has been retried `maxRetries` times; waits abort with `signal`. */
export async function withRetries<T>(attempt: () => Promise<T>, maxRetries: number, signal?: AbortSignal): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt()
    } catch (error) {
      if (retry >= maxRetries || signal?.aborted || !isRetryable(error)) throw error
      await sleep(retryDelayMs(error, retry), undefined, { signal })
    }
  }
}
