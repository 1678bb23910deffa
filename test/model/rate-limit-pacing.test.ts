import pLimit from 'p-limit'
import { afterEach, describe, expect, it } from 'vitest'
import { models } from '../../src/index.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { startRateLimitedServer, type RateLimitedServer } from '../support/rate-limited-server.ts'

let server: RateLimitedServer | FakeServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const ask = (content = 'Reply with: ok') => [{ role: 'user' as const, content }]

async function runAll(baseURL: string, count: number, prompt = ask(), options: { maxRetryAfterMs?: number } = {}): Promise<number> {
  const model = models.openai({ model: 'fake-model', baseURL, ...options })
  const pool = pLimit(16)
  const started = performance.now()
  const outputs = await Promise.all(Array.from({ length: count }, () => pool(() => model.generate(prompt))))
  expect(outputs.every((output) => output.text === 'ok')).toBe(true)
  return performance.now() - started
}

describe('requests paced to the rate limits the endpoint states, with none set by hand', () => {
  it("keeps to OpenAI's x-ratelimit-*-requests, garbage beside them ignored: no 429, and the limit used to the full", async () => {
    // 2,400 a minute, at most a second's worth (40) at once; the token headers are garbage
    const extraHeaders = {
      'x-ratelimit-limit-tokens': 'NaN',
      'x-ratelimit-remaining-tokens': '-3',
      'x-ratelimit-reset-tokens': '9999999999h',
    }
    const limited = await startRateLimitedServer({ dialect: 'openai', limits: { requests: 2400 }, latencyMs: 5, extraHeaders })
    server = limited
    const ms = await runAll(limited.baseURL, 120)
    expect(limited.refused).toBe(0)
    // 40 at once, then 80 at 40 a second: 2 s at the least; within 1.5 s of it on a loaded machine
    expect(ms).toBeGreaterThanOrEqual(1_900)
    expect(ms).toBeLessThan(3_500)
  })

  it("keeps to Anthropic's anthropic-ratelimit-input-tokens-*, counting each request by its usage", async () => {
    // 20 words of prompt a request, 48,000 input tokens a minute: 40 requests a second
    const prompt = ask(`${'word '.repeat(17)}\nReply with: ok`)
    const limited = await startRateLimitedServer({ dialect: 'anthropic', limits: { requests: 100_000, inputTokens: 48_000 }, latencyMs: 5 })
    server = limited
    const ms = await runAll(limited.baseURL, 120, prompt)
    expect(limited.refused).toBe(0)
    expect(ms).toBeGreaterThanOrEqual(1_900)
    expect(ms).toBeLessThan(3_500)
  })

  it("holds every request back while a 429's Retry-After runs, not only the retry", async () => {
    const fake = await startFakeServer({
      fault: ({ index }) => (index === 1 ? { kind: 'status', status: 429, retryAfterMs: 600 } : undefined),
    })
    server = fake
    const model = models.openai({ model: 'fake-model', baseURL: fake.baseURL })
    const first = model.generate(ask())
    while (fake.requestCount === 0) await new Promise((done) => setTimeout(done, 5))
    await new Promise((done) => setTimeout(done, 50))
    const others = Array.from({ length: 5 }, () => model.generate(ask()))
    await Promise.all([first, ...others])
    const start = fake.arrivals[0]!.at
    const later = fake.arrivals.slice(1).map((arrival) => arrival.at - start)
    expect(later).toHaveLength(6)
    for (const at of later) expect(at).toBeGreaterThanOrEqual(590)
  })

  it('waits on a header no longer than maxRetryAfterMs: a limit of 1 a minute, a reset in the year 9999', async () => {
    const extraHeaders = {
      'x-ratelimit-limit-requests': '1',
      'x-ratelimit-remaining-requests': '0',
      'anthropic-ratelimit-tokens-remaining': '0',
      'anthropic-ratelimit-tokens-reset': '9999-12-31T23:59:59Z',
    }
    const limited = await startRateLimitedServer({ dialect: 'openai', limits: {}, extraHeaders })
    server = limited
    const model = models.openai({ model: 'fake-model', baseURL: limited.baseURL, maxRetryAfterMs: 300 })
    await model.generate(ask())
    const started = performance.now()
    await Promise.all(Array.from({ length: 4 }, () => model.generate(ask())))
    // held for the limit of 1 a minute, but each request for 300 ms at most; the year-9999 reset holds nothing
    const ms = performance.now() - started
    expect(ms).toBeGreaterThanOrEqual(280)
    expect(ms).toBeLessThan(1_500)
  })
})
