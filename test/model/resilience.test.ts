import { EndpointStatusError } from '../../src/model/endpoint-status-error.ts'
import pLimit from 'p-limit'
import { afterEach, describe, expect, it } from 'vitest'
import { ModelError, models } from '../../src/index.ts'
import { retryDelayMs } from '../../src/model/retry.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'

let server: FakeServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const ask = (content = 'Reply with: ok') => [{ role: 'user' as const, content }]

/** Milliseconds between consecutive request arrivals, as the server saw them. */
const gaps = (server: FakeServer): number[] => server.arrivals.slice(1).map((arrival, i) => arrival.at - server.arrivals[i]!.at)

const rateLimited = (status: number, headers: Record<string, string> = {}): EndpointStatusError =>
  EndpointStatusError.of(status, { error: { message: 'slow down' } }, undefined, new Headers(headers))

describe('retry delays', () => {
  it('double from 0.5 s to at most 8 s, each shortened by up to a quarter of jitter', () => {
    const error = rateLimited(503)
    expect([0, 1, 2, 3, 4, 5].map((retry) => retryDelayMs(error, retry, () => 0))).toEqual([500, 1000, 2000, 4000, 8000, 8000])
    expect([0, 1, 2].map((retry) => retryDelayMs(error, retry, () => 1))).toEqual([375, 750, 1500])
    const draws = new Set(Array.from({ length: 20 }, () => retryDelayMs(error, 1)))
    expect(draws.size).toBeGreaterThan(1)
    for (const delay of draws) expect(delay).toBeGreaterThanOrEqual(750)
  })

  it('are what the endpoint asks for in retry-after-ms, or Retry-After in seconds or as a date', () => {
    expect(retryDelayMs(rateLimited(429, { 'retry-after-ms': '120' }), 0)).toBe(120)
    expect(retryDelayMs(rateLimited(429, { 'retry-after': '2.5' }), 3)).toBe(2500)
    const date = new Date(Date.now() + 10_000).toUTCString()
    expect(retryDelayMs(rateLimited(503, { 'retry-after': date }), 0)).toBeGreaterThan(8000)
    expect(retryDelayMs(rateLimited(429, { 'retry-after': 'soon' }), 0, () => 0)).toBe(500)
  })
})

describe('retries against the local server', () => {
  it('wait exponentially longer between attempts', async () => {
    server = await startFakeServer({ fault: () => ({ kind: 'status', status: 500 }) })
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL, maxRetries: 2 })
    await expect(model.generate(ask())).rejects.toThrow(/^Model "fake-model" failed after 3 attempts \(HTTP 500 from 127\.0\.0\.1:\d+\)/)
    const [first, second] = gaps(server)
    expect(first).toBeGreaterThanOrEqual(370)
    expect(second).toBeGreaterThanOrEqual(745)
    expect(second).toBeGreaterThan(first!)
  })

  it('honour Retry-After over the backoff', async () => {
    server = await startFakeServer({
      fault: ({ index }) => (index === 1 ? { kind: 'status', status: 429, retryAfterSeconds: 1 } : undefined),
    })
    const output = await models.openai({ model: 'fake-model', baseURL: server.baseURL }).generate(ask())
    expect(output.text).toBe('ok')
    expect(gaps(server)[0]).toBeGreaterThanOrEqual(995)
  })

  it('retry lost connections', async () => {
    server = await startFakeServer({ fault: ({ index }) => (index <= 2 ? { kind: 'reset' } : undefined) })
    const output = await models.openai({ model: 'fake-model', baseURL: server.baseURL }).generate(ask())
    expect(output.text).toBe('ok')
    expect(server.requestCount).toBe(3)
  })

  it('do not retry an attempt that ran out of time: the next would wait as long', async () => {
    server = await startFakeServer({ fault: ({ index }) => (index === 1 ? { kind: 'hang' } : undefined) })
    const error = await models
      .openai({ model: 'fake-model', baseURL: server.baseURL, timeoutMs: 300 })
      .generate(ask())
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ModelError)
    expect((error as Error).message.replace(/127\.0\.0\.1:\d+/, 'HOST')).toBe(
      'Model "fake-model" failed: timed out after 0.3 s (timeoutMs) with no answer from HOST; raise timeoutMs if the model is this slow',
    )
    expect(server.requestCount).toBe(1)
  })

  it('give up at once on an exhausted quota and on a bad request', async () => {
    const quota = JSON.stringify({
      error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' },
    })
    server = await startFakeServer({ fault: () => ({ kind: 'status', status: 429, body: quota }) })
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL })
    const host = new URL(server.baseURL).host
    await expect(model.generate(ask())).rejects.toThrowError(
      new ModelError(`Model "fake-model" failed (HTTP 429 from ${host}): 429 You exceeded your current quota`),
    )
    server.setFault(() => ({ kind: 'status', status: 400 }))
    await expect(model.generate(ask())).rejects.toThrowError(
      new ModelError(`Model "fake-model" failed (HTTP 400 from ${host}): 400 Injected fault: HTTP 400`),
    )
    expect(server.requestCount).toBe(2)
  })
})

describe('rate limits', () => {
  it("send no more requests than rpm allows: a burst of a second's worth, then an even pace", async () => {
    server = await startFakeServer()
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL, rpm: 1200 })
    const started = performance.now()
    await Promise.all(Array.from({ length: 60 }, () => model.generate(ask())))
    // 1,200 a minute is 20 a second: the first 20 at once, then one every 50 ms, so request k (from 0) arrives no
    // earlier than (k - 19) × 50 ms after the start; a slow machine only makes it later
    const early = server.arrivals.map((arrival) => arrival.at - started).filter((at, k) => at < (k - 19) * 50 - 2)
    expect(early).toEqual([])
    expect(server.arrivals.at(-1)!.at - started).toBeGreaterThanOrEqual(40 * 50 - 2)
  })

  it('send no more tokens than tpm allows, counting each reply by its usage', async () => {
    server = await startFakeServer()
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL, tpm: 30_000 })
    // 50 words of prompt and a one-word reply: 51 tokens a call, as the server counts them
    const prompt = ask(`${'word '.repeat(47)}\nReply with: ok`)
    const started = performance.now()
    const outputs = await Promise.all(Array.from({ length: 20 }, () => model.generate(prompt)))
    expect(outputs[0]!.usage).toEqual({ inputTokens: 50, outputTokens: 1 })
    // 500 tokens a second, of which a second's worth may go at once: the k requests before request k (at least 51
    // tokens each) must have fitted into 500 + 0.5 × the milliseconds since the start
    const early = server.arrivals.map((arrival) => arrival.at - started).filter((at, k) => at < (51 * k - 500) / 0.5 - 2)
    expect(early).toEqual([])
    expect(server.arrivals.at(-1)!.at - started).toBeGreaterThanOrEqual((51 * 19 - 500) / 0.5 - 2)
  })

  it('halve concurrency on 429s, and raise it back once the endpoint keeps up', async () => {
    // an endpoint that can take four requests at a time and answers 429 beyond that
    server = await startFakeServer({
      latencyMs: 20,
      fault: ({ inFlight }) => (inFlight > 4 ? { kind: 'status', status: 429, retryAfterMs: 0 } : undefined),
    })
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL, maxRetries: 10 })
    const pool = pLimit(16)
    const run = (n: number) => Promise.all(Array.from({ length: n }, () => pool(() => model.generate(ask()))))
    const outputs = await run(200)
    expect(outputs.every((output) => output.text === 'ok')).toBe(true)
    const rejected = server.arrivals.filter((arrival) => arrival.inFlight > 4).length
    // without adapting, every wave of 16 would meet 12 refusals: well over a thousand in all
    expect(rejected).toBeLessThan(100)

    server.setFault(undefined)
    // each success lets one more through; a loaded machine keeps fewer calls in flight, so it may take more rounds
    let highest = 0
    for (let round = 0; round < 5 && highest < 16; round++) {
      const before = server.arrivals.length
      await run(300)
      highest = Math.max(...server.arrivals.slice(before).map((arrival) => arrival.inFlight))
    }
    expect(highest).toBe(16)
  })
})
