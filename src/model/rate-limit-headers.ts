/** What a provider limits per minute: requests, tokens in all, or (Anthropic) input and output tokens apart. */
export type LimitKind = 'requests' | 'tokens' | 'input-tokens' | 'output-tokens'

export const LIMIT_KINDS: readonly LimitKind[] = ['requests', 'tokens', 'input-tokens', 'output-tokens']

/** One limit as a reply's headers state it; each part present only when its header held a sane value. */
export interface LimitReading {
  /** The allowance per minute. */
  limit?: number
  /** What is left of it now. */
  remaining?: number
  /** Milliseconds until it is whole again. */
  resetMs?: number
}

/** What one reply's headers say of the endpoint's rate limits. */
export interface RateLimitReading {
  limits: Partial<Record<LimitKind, LimitReading>>
  /** The wait before the next request that the endpoint asked for (`retry-after-ms`, `Retry-After`), in ms. */
  retryAfterMs?: number
}

/**
 * Headers as fetch gives them, or as a plain record: the AI SDK's `responseHeaders`, or Node's `IncomingMessage.headers`
 * (where a repeated header can be a list).
 */
export type HeaderSource = Headers | Readonly<Record<string, string | readonly string[] | undefined>>

// without `instanceof Headers`: the first mention of fetch's globals loads Node's fetch, about 20 ms a worker, which a
// run whose requests go through node:http never needs
const isFetchHeaders = (headers: HeaderSource): headers is Headers => typeof headers.get === 'function'

/** One header's value, by its lower-case name: as `Headers.get` gives it (a repeated header's values joined). */
export function headerValue(headers: HeaderSource, name: string): string | undefined {
  if (isFetchHeaders(headers)) return headers.get(name) ?? undefined
  const value = headers[name]
  return value === undefined || typeof value === 'string' ? value : value.join(', ')
}

/** A header's value by its lower-case name. */
type HeaderLookup = (name: string) => string | undefined

const RATE_HEADER = /^(x-ratelimit-|anthropic-ratelimit-|retry-after)/

/**
 * The rate-limit headers of a reply, read in one pass over them: each reply is read for 20 names, and a lookup in
 * fetch's Headers validates and lower-cases the name each time, which cost more than the rest of the gate's work on a
 * reply. As `Headers.get` gives them (a repeated header's values joined) or, for a record, the first key of the name
 * in any letter case.
 */
function rateHeaders(headers: HeaderSource): HeaderLookup | undefined {
  let found: Map<string, string> | undefined
  const entries: Iterable<[string, string | readonly string[] | undefined]> = isFetchHeaders(headers) ? headers : Object.entries(headers)
  for (const [key, value] of entries) {
    if (value === undefined) continue
    const name = key.toLowerCase()
    if (!RATE_HEADER.test(name)) continue
    found ??= new Map()
    if (!found.has(name)) found.set(name, typeof value === 'string' ? value : value.join(', '))
  }
  // most replies of a local server have none: nothing is looked up for them
  return found && ((name) => found.get(name))
}

// a header value is text from the endpoint: only finite non-negative numbers are taken ("-1", "0x10", "1e400" are not)
const DECIMAL = /^\s*\d+(\.\d+)?(e\+?\d+)?\s*$/i

function count(text: string | undefined): number | undefined {
  if (text === undefined || !DECIMAL.test(text)) return undefined
  const value = Number(text)
  return Number.isFinite(value) ? value : undefined
}

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 }

/** OpenAI's reset, a Go duration such as "1s", "6m0s", "20ms" or "1h2m3.5s"; plain seconds as some servers send them. */
export function durationMs(text: string): number | undefined {
  const trimmed = text.trim()
  const seconds = count(trimmed)
  if (seconds !== undefined) return seconds * 1000
  if (trimmed === '' || trimmed.length > 64 || !/^(\d+(\.\d+)?(h|ms|m|s|us|µs|ns))+$/.test(trimmed)) return undefined
  let total = 0
  for (const [, amount, unit] of trimmed.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/g)) total += Number(amount) * UNIT_MS[unit!]!
  return Number.isFinite(total) ? total : undefined
}

/** Anthropic's reset, an RFC 3339 time, as milliseconds from `now` (0 when past). */
function untilMs(text: string, now: number): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text.trim())) return durationMs(text)
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** The wait asked for by `retry-after-ms`, or `Retry-After` in seconds or as an HTTP date, in ms; undefined when absent or not sane. */
export function retryAfterMsOf(headers: HeaderSource, now: number = Date.now()): number | undefined {
  const headerOf = rateHeaders(headers)
  return headerOf && retryAfterMs(headerOf, now)
}

function retryAfterMs(headerOf: HeaderLookup, now: number): number | undefined {
  const milliseconds = count(headerOf('retry-after-ms'))
  if (milliseconds !== undefined) return milliseconds
  const value = headerOf('retry-after')?.trim()
  if (!value) return undefined
  const seconds = count(value)
  if (seconds !== undefined) return seconds * 1000
  // an HTTP date names its weekday; a bare number in another notation ("1e9", "-5") is no date
  if (!/^[A-Za-z]{3},/.test(value)) return undefined
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function reading(
  limit: string | undefined,
  remaining: string | undefined,
  reset: string | undefined,
  resetMs: (text: string) => number | undefined,
): LimitReading | undefined {
  const parsed: LimitReading = {}
  const perMinute = count(limit)
  // a limit of 0 would pace to a standstill: it is no limit this client can follow
  if (perMinute !== undefined && perMinute > 0) parsed.limit = perMinute
  const left = count(remaining)
  if (left !== undefined) parsed.remaining = left
  const wait = reset === undefined ? undefined : resetMs(reset)
  if (wait !== undefined) parsed.resetMs = wait
  return Object.keys(parsed).length > 0 ? parsed : undefined
}

/**
 * Reads the rate-limit headers of OpenAI (`x-ratelimit-limit-requests`, `-remaining-`, `-reset-`, the same for
 * `-tokens`, resets as durations such as "6m0s") and of Anthropic (`anthropic-ratelimit-requests-limit`, `-remaining`,
 * `-reset` as an RFC 3339 time, the same for `-tokens-`, `-input-tokens-` and `-output-tokens-`), and the wait of
 * `retry-after-ms` or `Retry-After`. A value that is not a plain non-negative number (or duration, or time) is left
 * out, as if the header were not there.
 */
export function readRateLimits(headers: HeaderSource, now: number = Date.now()): RateLimitReading {
  const limits: RateLimitReading['limits'] = {}
  const headerOf = rateHeaders(headers)
  if (headerOf === undefined) return { limits }
  for (const kind of LIMIT_KINDS) {
    const anthropic = reading(
      headerOf(`anthropic-ratelimit-${kind}-limit`),
      headerOf(`anthropic-ratelimit-${kind}-remaining`),
      headerOf(`anthropic-ratelimit-${kind}-reset`),
      (text) => untilMs(text, now),
    )
    const openai =
      kind === 'requests' || kind === 'tokens'
        ? reading(
            headerOf(`x-ratelimit-limit-${kind}`),
            headerOf(`x-ratelimit-remaining-${kind}`),
            headerOf(`x-ratelimit-reset-${kind}`),
            durationMs,
          )
        : undefined
    const found = anthropic ?? openai
    if (found) limits[kind] = found
  }
  const wait = retryAfterMs(headerOf, now)
  return wait === undefined ? { limits } : { limits, retryAfterMs: wait }
}
