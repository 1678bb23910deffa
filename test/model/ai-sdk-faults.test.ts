import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { createOpenAI } from '@ai-sdk/openai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfigError, ModelError } from '../../src/errors.ts'
import { models } from '../../src/model/index.ts'
import type { ChatMessage } from '../../src/schema/index.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { startProviderServer, type ProviderServer, type ProviderServerOptions } from '../support/provider-server.ts'

// the AI SDK's console warnings (an unknown model's defaults) say nothing these tests check
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false })

let server: ProviderServer | undefined
let openaiServer: FakeServer | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  await server?.close()
  await openaiServer?.close()
  server = openaiServer = undefined
})

const ask: ChatMessage[] = [{ role: 'user', content: 'Hello?' }]
const KEY = 'test-key-0123456789'

async function serve(options: ProviderServerOptions): Promise<ProviderServer> {
  server = await startProviderServer(options)
  return server
}

const claude = (baseURL: string) => createAnthropic({ baseURL, apiKey: KEY })('claude-test')
// the key left to the provider, which reads ANTHROPIC_API_KEY
const claudeByEnvironment = (baseURL: string) => createAnthropic({ baseURL })('claude-test')
const gemini = (baseURL: string) => createGoogleGenerativeAI({ baseURL, apiKey: KEY })('gemini-test')
const failure = (promise: Promise<unknown>): Promise<Error> =>
  promise.then(
    () => expect.fail('the call succeeded'),
    (error: Error) => error,
  )

describe("models.aiSdk retries: evalsuite's, with the AI SDK's off", () => {
  it.each([false, true])("retries Anthropic's 529 overloaded, one request per attempt (stream %s)", async (stream) => {
    const { baseURL, requests } = await serve({
      wire: 'anthropic',
      fault: (index) => (index <= 2 ? { status: 529, message: 'Overloaded' } : undefined),
    })
    const output = await models.aiSdk(claude(baseURL), { stream }).generate(ask)
    expect(output.text).toBe('Echo: Hello?')
    expect(requests).toHaveLength(3)
  })

  it('makes one request and no retry at maxRetries 0, and names the model, the provider, the status and the host', async () => {
    const { baseURL, requests } = await serve({ wire: 'anthropic', fault: () => ({ status: 529, message: 'Overloaded' }) })
    const error = await failure(models.aiSdk(claude(baseURL), { maxRetries: 0 }).generate(ask))
    expect(requests).toHaveLength(1)
    expect(error).toEqual(
      new ModelError(`Model "claude-test" (anthropic.messages) failed (HTTP 529 from ${new URL(baseURL).host}): Overloaded`),
    )
  })

  it('gives up on a 500 after maxRetries, saying how many attempts it made', async () => {
    const { baseURL, requests } = await serve({ wire: 'gemini', fault: () => ({ status: 500, message: 'Internal error encountered.' }) })
    const error = await failure(models.aiSdk(gemini(baseURL), { maxRetries: 1 }).generate(ask))
    expect(requests).toHaveLength(2)
    expect(error.message).toBe(
      `Model "gemini-test" (google.generative-ai) failed after 2 attempts (HTTP 500 from ${new URL(baseURL).host}): Internal error encountered.`,
    )
  })

  it.each([false, true])('paces the next request to the rate-limit headers of a reply that succeeded (stream %s)', async (stream) => {
    const arrivals: number[] = []
    const { baseURL } = await serve({
      wire: 'anthropic',
      replyHeaders: () => {
        arrivals.push(performance.now())
        // the minute's requests used up until 400 ms from now
        return {
          'anthropic-ratelimit-requests-limit': '50',
          'anthropic-ratelimit-requests-remaining': '0',
          'anthropic-ratelimit-requests-reset': new Date(Date.now() + 400).toISOString(),
        }
      },
    })
    const model = models.aiSdk(claude(baseURL), { stream })
    await model.generate(ask)
    await model.generate(ask)
    expect(arrivals).toHaveLength(2)
    expect((arrivals[1] as number) - (arrivals[0] as number)).toBeGreaterThanOrEqual(300)
  })

  it.each([
    ['retry-after', '0.3'],
    ['retry-after-ms', '300'],
  ])('waits as long as a 429 asks in %s before the retry', async (header, value) => {
    const { baseURL, requests } = await serve({
      wire: 'anthropic',
      fault: (index) => (index === 1 ? { status: 429, message: 'Rate limited', headers: { [header]: value } } : undefined),
    })
    const started = performance.now()
    const output = await models.aiSdk(claude(baseURL)).generate(ask)
    expect(output.text).toBe('Echo: Hello?')
    expect(requests).toHaveLength(2)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
  })

  it('fails at once when a 429 asks for a longer wait than maxRetryAfterMs', async () => {
    const { baseURL, requests } = await serve({
      wire: 'gemini',
      fault: () => ({ status: 429, message: 'Quota exceeded', headers: { 'retry-after': '3600' } }),
    })
    const error = await failure(models.aiSdk(gemini(baseURL), { maxRetryAfterMs: 1000 }).generate(ask))
    expect(requests).toHaveLength(1)
    expect(error.message).toBe(
      `Model "gemini-test" (google.generative-ai) failed (HTTP 429 from ${new URL(baseURL).host}): the provider asked to wait 3,600 s before a retry, longer than maxRetryAfterMs (1.0 s); raise maxRetryAfterMs to wait that long, or try again later`,
    )
  })

  it('retries no authentication error', async () => {
    const { baseURL, requests } = await serve({ wire: 'anthropic', fault: () => ({ status: 401, message: 'invalid x-api-key' }) })
    const error = await failure(models.aiSdk(claude(baseURL)).generate(ask))
    expect(requests).toHaveLength(1)
    expect(error.message).toBe(
      `Model "claude-test" (anthropic.messages) failed (HTTP 401 from ${new URL(baseURL).host}): invalid x-api-key`,
    )
  })

  it("retries no 429 that says the quota is spent, as models.openai does not (OpenAI's insufficient_quota, through @ai-sdk/openai)", async () => {
    const body = JSON.stringify({
      error: { message: 'You exceeded your current quota.', type: 'insufficient_quota', code: 'insufficient_quota' },
    })
    openaiServer = await startFakeServer({ fault: () => ({ kind: 'status', status: 429, body }) })
    const model = models.aiSdk(createOpenAI({ baseURL: openaiServer.baseURL, apiKey: KEY }).chat('fake-model'))
    const error = await failure(model.generate(ask))
    expect(openaiServer.requestCount).toBe(1)
    expect(error.message).toMatch(
      /^Model "fake-model" \(openai\.chat\) failed \(HTTP 429 from 127\.0\.0\.1:\d+\): You exceeded your current quota\.$/,
    )
  })

  it('retries a lost connection, and says which host could not be reached', async () => {
    const error = await failure(models.aiSdk(claude('http://127.0.0.1:9/v1'), { maxRetries: 1 }).generate(ask))
    expect(error).toBeInstanceOf(ModelError)
    expect(error.message).toMatch(
      /^Model "claude-test" \(anthropic\.messages\) failed after 2 attempts: the connection to 127\.0\.0\.1:9 failed before a reply \(.+\)$/,
    )
  })
})

describe('models.aiSdk timeouts', () => {
  it.each([false, true])('ends an attempt at timeoutMs, and retries none that ran out of time (stream %s)', async (stream) => {
    const { baseURL, requests } = await serve({ wire: 'anthropic', latencyMs: 5_000 })
    const started = performance.now()
    const error = await failure(models.aiSdk(claude(baseURL), { stream, timeoutMs: 200 }).generate(ask))
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(requests).toHaveLength(1)
    expect(error).toEqual(
      new ModelError(
        'Model "claude-test" (anthropic.messages) failed: timed out after 0.2 s (timeoutMs); raise timeoutMs if the model is this slow',
      ),
    )
  })
})

describe('models.aiSdk keys', () => {
  it("uses the provider's own environment variable, and never repeats the key an endpoint echoes", async () => {
    const secret = 'plain-secret-without-a-known-shape-42'
    vi.stubEnv('ANTHROPIC_API_KEY', secret)
    const { baseURL, requests } = await serve({
      wire: 'anthropic',
      fault: (index, request) =>
        index === 1 ? { status: 401, message: `invalid x-api-key: ${String(request.headers['x-api-key'])}` } : undefined,
      reply: (request) => ({ text: `you sent ${String(request.headers['x-api-key'])}` }),
    })
    const model = models.aiSdk(claudeByEnvironment(baseURL))
    const error = await failure(model.generate(ask))
    expect(requests[0]!.headers['x-api-key']).toBe(secret)
    expect(error.message).toBe(
      `Model "claude-test" (anthropic.messages) failed (HTTP 401 from ${new URL(baseURL).host}): invalid x-api-key: ***`,
    )
    expect((await model.generate(ask)).text).toBe('you sent ***')
  })

  it("fails with the provider's word when its key is missing, naming the model, and sends nothing", async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', undefined)
    const { baseURL, requests } = await serve({ wire: 'anthropic' })
    const error = await failure(models.aiSdk(claudeByEnvironment(baseURL)).generate(ask))
    expect(requests).toHaveLength(0)
    expect(error.message).toMatch(/^Model "claude-test" \(anthropic\.messages\) failed: .*ANTHROPIC_API_KEY/)
  })
})

describe('models.aiSdk without the ai package', () => {
  it('tells the user to install ai, on the first call', async () => {
    vi.resetModules()
    vi.doMock('ai', () => {
      throw Object.assign(new Error(`Cannot find package 'ai' imported from ${import.meta.url}`), { code: 'ERR_MODULE_NOT_FOUND' })
    })
    try {
      const fresh = await import('../../src/model/index.ts')
      const model = fresh.models.aiSdk(claude('http://127.0.0.1:9/v1'))
      const error = await failure(model.generate(ask))
      expect(error).toEqual(
        new ConfigError('models.aiSdk(anthropic.messages "claude-test") needs the "ai" package (the AI SDK, major 6 or 7): npm install ai'),
      )
    } finally {
      vi.doUnmock('ai')
      vi.resetModules()
    }
  })
})
