import { describe, expect, it, vi } from 'vitest'
import { durationMs, readRateLimits } from '../../src/model/rate-limit-headers.ts'

const NOW = Date.parse('2026-01-01T00:00:00Z')

describe('rate-limit headers', () => {
  it("read OpenAI's: limit, remaining and a reset as a duration, for requests and tokens", () => {
    const headers = new Headers({
      'x-ratelimit-limit-requests': '10000',
      'x-ratelimit-remaining-requests': '9999',
      'x-ratelimit-reset-requests': '6m0s',
      'x-ratelimit-limit-tokens': '2000000',
      'x-ratelimit-remaining-tokens': '1999500',
      'x-ratelimit-reset-tokens': '15ms',
    })
    expect(readRateLimits(headers, NOW)).toEqual({
      limits: {
        requests: { limit: 10000, remaining: 9999, resetMs: 360_000 },
        tokens: { limit: 2_000_000, remaining: 1_999_500, resetMs: 15 },
      },
    })
    expect([durationMs('1s'), durationMs('1h2m3.5s'), durationMs('0.5s'), durationMs('60'), durationMs('250us')]).toEqual([
      1000, 3_723_500, 500, 60_000, 0.25,
    ])
  })

  it("read Anthropic's: limit, remaining and a reset as an RFC 3339 time, for requests, tokens, input and output tokens", () => {
    const headers = {
      'anthropic-ratelimit-requests-limit': '4000',
      'anthropic-ratelimit-requests-remaining': '3999',
      'anthropic-ratelimit-requests-reset': '2026-01-01T00:00:01Z',
      'anthropic-ratelimit-input-tokens-limit': '400000',
      'anthropic-ratelimit-input-tokens-remaining': '399000',
      'anthropic-ratelimit-input-tokens-reset': '2026-01-01T00:00:00.150Z',
      'anthropic-ratelimit-output-tokens-limit': '80000',
      'anthropic-ratelimit-output-tokens-remaining': '80000',
      'anthropic-ratelimit-output-tokens-reset': '2025-12-31T23:59:59Z',
      'Anthropic-RateLimit-Tokens-Limit': '480000',
    }
    expect(readRateLimits(headers, NOW)).toEqual({
      limits: {
        requests: { limit: 4000, remaining: 3999, resetMs: 1000 },
        'input-tokens': { limit: 400_000, remaining: 399_000, resetMs: 150 },
        // a reset in the past is now
        'output-tokens': { limit: 80_000, remaining: 80_000, resetMs: 0 },
        tokens: { limit: 480_000 },
      },
    })
  })

  it('read retry-after-ms, and Retry-After in seconds or as an HTTP date', () => {
    expect(readRateLimits(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), NOW).retryAfterMs).toBe(250)
    expect(readRateLimits(new Headers({ 'retry-after': '2.5' }), NOW).retryAfterMs).toBe(2500)
    expect(readRateLimits(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), NOW).retryAfterMs).toBe(30_000)
  })

  it('leave out garbage and hostile values, as if the header were not there', () => {
    const headers = new Headers({
      'x-ratelimit-limit-requests': '-5',
      'x-ratelimit-remaining-requests': 'NaN',
      'x-ratelimit-reset-requests': 'soon',
      'x-ratelimit-limit-tokens': '0',
      'x-ratelimit-remaining-tokens': '1e400',
      'x-ratelimit-reset-tokens': '-1s',
      'anthropic-ratelimit-input-tokens-limit': 'Infinity',
      'anthropic-ratelimit-input-tokens-remaining': '0x10',
      'anthropic-ratelimit-input-tokens-reset': '2026-13-45T99:99:99Z',
      'retry-after': '-5',
      'retry-after-ms': 'later',
    })
    expect(readRateLimits(headers, NOW)).toEqual({ limits: {} })
    // huge values are numbers: what they would make a run wait is capped where they are used (the gate, the retries)
    const huge = readRateLimits(
      new Headers({ 'x-ratelimit-limit-requests': '1e300', 'anthropic-ratelimit-tokens-reset': '9999-12-31T23:59:59Z' }),
      NOW,
    )
    expect(huge.limits.requests).toEqual({ limit: 1e300 })
    expect(huge.limits.tokens!.resetMs).toBeGreaterThan(2 ** 31)
  })
})

it("reads a reply's rate-limit headers in one pass over them, with no lookup by name (each validates and lower-cases the name)", () => {
  const headers = new Headers({
    'content-type': 'application/json',
    'x-ratelimit-limit-requests': '3000',
    'x-ratelimit-remaining-requests': '2999',
  })
  const get = vi.spyOn(Headers.prototype, 'get')
  try {
    expect(readRateLimits(headers, 0).limits.requests).toEqual({ limit: 3000, remaining: 2999 })
    expect(get).not.toHaveBeenCalled()
  } finally {
    get.mockRestore()
  }
})
