import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfigError, ModelError, models } from '../../src/index.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'

let server: FakeServer | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  await server?.close()
  server = undefined
})

const ask = [{ role: 'user' as const, content: 'Reply with: 42' }]

describe('models.openai', () => {
  it('returns the reply with token usage and latency', async () => {
    server = await startFakeServer({ latencyMs: 20 })
    const output = await models.openai({ model: 'fake-model', baseURL: server.baseURL }).generate(ask)
    expect(output.text).toBe('42')
    expect(output.usage).toEqual({ inputTokens: 3, outputTokens: 1 })
    expect(output.latencyMs).toBeGreaterThanOrEqual(20)
  })

  it('honours OPENAI_BASE_URL and OPENAI_API_KEY', async () => {
    server = await startFakeServer()
    vi.stubEnv('OPENAI_BASE_URL', server.baseURL)
    vi.stubEnv('OPENAI_API_KEY', 'sk-from-the-environment')
    expect((await models.openai({ model: 'fake-model' }).generate(ask)).text).toBe('42')
    expect(server.requestCount).toBe(1)
  })

  it('retries a failing endpoint, then reports the status', async () => {
    server = await startFakeServer({ fault: () => ({ kind: 'status', status: 503 }) })
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL, maxRetries: 2 })
    await expect(model.generate(ask)).rejects.toThrow(/^Model "fake-model" failed after retries \(HTTP 503\)/)
    expect(server.requestCount).toBe(3)
  })

  it('treats a reply without text as an error, not as a wrong answer', async () => {
    const empty = JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'fake-model', choices: [] })
    server = await startFakeServer({ fault: () => ({ kind: 'status', status: 200, body: empty }) })
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL })
    await expect(model.generate(ask)).rejects.toThrowError(new ModelError('Model "fake-model" returned no choices.'))
  })

  it('never lets the API key reach an error message, even when the endpoint echoes it', async () => {
    const key = 'sk-live-0123456789abcdef'
    const echo = JSON.stringify({ error: { message: `bad header Authorization: Bearer ${key}`, type: 'auth', code: 'bad' } })
    server = await startFakeServer({ fault: () => ({ kind: 'status', status: 401, body: echo }) })
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL, apiKey: key, maxRetries: 0 })
    const error = (await model.generate(ask).then(() => undefined, (e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(ModelError)
    expect(error.message).toBe('Model "fake-model" failed after retries (HTTP 401): 401 bad header Authorization: Bearer ***')
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('0123456789abcdef')
    expect(error.cause).toBeUndefined()
  })

  it('refuses credentials written into the base URL', () => {
    expect(() => models.openai({ model: 'm', baseURL: 'http://user:sk-secret@127.0.0.1:1/v1' })).toThrowError(
      new ConfigError('models.openai({ model: "m" }): put the credentials in apiKey, not in the base URL.'),
    )
  })

  it('asks for a key only when a call is made without key or base URL', async () => {
    vi.stubEnv('OPENAI_API_KEY', undefined)
    vi.stubEnv('OPENAI_BASE_URL', undefined)
    const model = models.openai({ model: 'gpt-4o-mini' })
    await expect(model.generate(ask)).rejects.toThrowError(
      new ConfigError('models.openai({ model: "gpt-4o-mini" }) needs an API key: set OPENAI_API_KEY, or OPENAI_BASE_URL for a local endpoint.'),
    )
  })

  it('gives up a hung call when its signal aborts', async () => {
    server = await startFakeServer({ fault: () => ({ kind: 'hang' }) })
    const controller = new AbortController()
    const call = models.openai({ model: 'fake-model', baseURL: server.baseURL }).generate(ask, { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(call).rejects.toThrow(ModelError)
  })
})

describe('generation parameters', () => {
  it('sends temperature 0 and max_tokens to chat models, so reruns are comparable', () => {
    expect(models.openai({ model: 'gpt-4o-mini', maxTokens: 256 }).identity?.params).toEqual({ temperature: 0, max_tokens: 256 })
  })

  it('leaves the temperature out for reasoning models, which refuse 0, and limits their tokens with max_completion_tokens', () => {
    for (const model of ['o1', 'o3-mini', 'o4-mini', 'gpt-5', 'gpt-5-mini']) {
      expect(models.openai({ model, maxTokens: 512 }).identity?.params).toEqual({ max_completion_tokens: 512 })
    }
    expect(models.openai({ model: 'o4-mini', temperature: 1 }).identity?.params).toEqual({ temperature: 1 })
  })
})
