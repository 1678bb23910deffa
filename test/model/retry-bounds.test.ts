import { EndpointStatusError } from '../../src/model/endpoint-status-error.ts'
import { afterEach, describe, expect, it } from 'vitest'
import { models } from '../../src/index.ts'
import { RETRY_DEFAULTS } from '../../src/model/retry-defaults.ts'
import { withRetries, type RetryClock } from '../../src/model/retry.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'

let server: FakeServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const ask = [{ role: 'user' as const, content: 'Reply with: ok' }]

/** A clock whose waits pass at once, and that counts them. */
function fakeClock(): RetryClock & { elapsed: number } {
  const clock = {
    elapsed: 0,
    now: () => clock.elapsed,
    sleep: async (ms: number) => void (clock.elapsed += ms),
  }
  return clock
}

function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

const STATUSES = [429, 500, 503, 529]

describe('retries at the defaults', () => {
  it('lose no call of 20,000 to an endpoint failing 15% of calls at random with 429, 500, 503 or 529', async () => {
    const random = seeded(7)
    const flaky = async (): Promise<string> => {
      if (random() < 0.15)
        throw EndpointStatusError.of(STATUSES[Math.floor(random() * 4)]!, { error: { message: 'injected' } }, undefined, new Headers())
      return 'ok'
    }
    const lost = async (maxRetries: number): Promise<number> => {
      let failed = 0
      for (let call = 0; call < 20_000; call++) {
        await withRetries(flaky, { ...RETRY_DEFAULTS, maxRetries, clock: fakeClock() }).catch(() => failed++)
      }
      return failed
    }
    expect(await lost(RETRY_DEFAULTS.maxRetries)).toBe(0)
    // the same endpoint at the old default of 3 retries: about one call in 2,000 lost
    expect(await lost(3)).toBeGreaterThan(0)
  })

  it('end each call to a dead endpoint within maxRetryTimeMs, whatever maxRetries allows', async () => {
    let attempts = 0
    const dead = async (): Promise<never> => {
      attempts++
      throw EndpointStatusError.of(503, { error: { message: 'down' } }, undefined, new Headers())
    }
    const clock = fakeClock()
    await expect(withRetries(dead, { ...RETRY_DEFAULTS, clock })).rejects.toThrow('503 down')
    expect(clock.elapsed).toBeLessThanOrEqual(RETRY_DEFAULTS.maxRetryTimeMs)
    expect(attempts).toBe(RETRY_DEFAULTS.maxRetries + 1)

    attempts = 0
    const bounded = fakeClock()
    await expect(withRetries(dead, { ...RETRY_DEFAULTS, maxRetries: 1_000_000, maxRetryTimeMs: 30_000, clock: bounded })).rejects.toThrow(
      '503 down',
    )
    expect(bounded.elapsed).toBeLessThanOrEqual(30_000)
    expect(attempts).toBeGreaterThan(5)
    expect(attempts).toBeLessThan(12)
  })
})

describe('retries of models.openai', () => {
  it('are ten at the defaults: a call outlasts ten failures in a row', async () => {
    server = await startFakeServer({ fault: ({ index }) => (index <= 10 ? { kind: 'status', status: 503, retryAfterMs: 0 } : undefined) })
    const output = await models.openai({ model: 'fake-model', baseURL: server.baseURL }).generate(ask)
    expect(output.text).toBe('ok')
    expect(server.requestCount).toBe(11)
  })

  it('stop after maxRetryTimeMs: a dead endpoint, by status or refused connection, fails each call in that time', async () => {
    server = await startFakeServer({ fault: () => ({ kind: 'status', status: 500 }) })
    const started = performance.now()
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL, maxRetries: 50, maxRetryTimeMs: 1_200 })
    const errors = await Promise.all(Array.from({ length: 8 }, () => model.generate(ask).catch((error: Error) => error.message)))
    // the backoff from 0.5 s: a second retry at 1.1 to 1.5 s after the first failure, a third at 2.6 s or later
    expect(performance.now() - started).toBeLessThan(2_500)
    for (const message of errors)
      expect(message).toMatch(/^Model "fake-model" failed after [23] attempts \(HTTP 500 from 127\.0\.0\.1:\d+\)/)

    const { baseURL } = server
    await server.close()
    const refused = performance.now()
    const message = await models
      .openai({ model: 'fake-model', baseURL, maxRetries: 50, maxRetryTimeMs: 1_200 })
      .generate(ask)
      .catch((error: Error) => error.message)
    expect(performance.now() - refused).toBeLessThan(2_500)
    expect(message).toMatch(/failed after [23] attempts: cannot connect to 127\.0\.0\.1:\d+: connection refused/)
  }, 10_000)
})
