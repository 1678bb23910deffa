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
    await expect(model.generate(ask)).rejects.toThrow(/^Model "fake-model" failed after 3 attempts \(HTTP 503 from 127\.0\.0\.1:\d+\)/)
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
    const error = (await model.generate(ask).then(
      () => undefined,
      (e: unknown) => e,
    )) as Error
    expect(error).toBeInstanceOf(ModelError)
    expect(error.message).toBe(
      `Model "fake-model" failed (HTTP 401 from ${new URL(server.baseURL).host}): 401 bad header Authorization: Bearer ***`,
    )
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('0123456789abcdef')
    expect(error.cause).toBeUndefined()
  })

  it('refuses credentials written into the base URL, from the option or OPENAI_BASE_URL, without repeating them', () => {
    const refusal = (baseURL?: string): string => {
      try {
        models.openai({ model: 'm', ...(baseURL === undefined ? {} : { baseURL }) })
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError)
        return (error as Error).message
      }
      return 'accepted'
    }
    const fix = 'give the key in OPENAI_API_KEY (or apiKey), and the address alone, e.g. https://api.example.com/v1.'
    expect(refusal('http://user:sk-secret@127.0.0.1:1/v1')).toBe(
      `models.openai({ model: "m" }): baseURL carries a user name or password; ${fix}`,
    )
    expect(refusal('http://127.0.0.1:1/v1?api_key=sk-secret')).toBe(
      `models.openai({ model: "m" }): baseURL has a query string or fragment, which may hold a key; ${fix}`,
    )
    expect(refusal('127.0.0.1:8000/v1')).toBe(
      'models.openai({ model: "m" }): baseURL must be an http:// or https:// address, e.g. http://localhost:8000/v1.',
    )
    vi.stubEnv('OPENAI_BASE_URL', 'http://user:pw-secret@127.0.0.1:1/v1')
    expect(refusal()).toBe(`models.openai({ model: "m" }): OPENAI_BASE_URL carries a user name or password; ${fix}`)
    vi.stubEnv('OPENAI_BASE_URL', 'http://127.0.0.1:1/v1?key=sk-secret')
    expect(refusal()).toBe(`models.openai({ model: "m" }): OPENAI_BASE_URL has a query string or fragment, which may hold a key; ${fix}`)
    // the option outranks the variable, which is then not looked at
    expect(refusal('http://127.0.0.1:1/v1')).toBe('accepted')
  })

  it('asks for a key only when a call is made without key or base URL', async () => {
    vi.stubEnv('OPENAI_API_KEY', undefined)
    vi.stubEnv('OPENAI_BASE_URL', undefined)
    const model = models.openai({ model: 'gpt-4o-mini' })
    await expect(model.generate(ask)).rejects.toThrowError(
      new ConfigError(
        'models.openai({ model: "gpt-4o-mini" }) needs an API key: set OPENAI_API_KEY, or OPENAI_BASE_URL for a local endpoint.',
      ),
    )
  })

  it('takes an empty OPENAI_API_KEY (what CI sets for a missing secret) or apiKey as no key at all', async () => {
    vi.stubEnv('OPENAI_API_KEY', '')
    vi.stubEnv('OPENAI_BASE_URL', undefined)
    const missing = new ConfigError(
      'models.openai({ model: "gpt-4o-mini" }) needs an API key: set OPENAI_API_KEY, or OPENAI_BASE_URL for a local endpoint.',
    )
    const fromEnvironment = models.openai({ model: 'gpt-4o-mini' })
    expect(fromEnvironment.hasCredentials).toBe(false)
    await expect(fromEnvironment.generate(ask)).rejects.toThrowError(missing)
    await expect(models.openai({ model: 'gpt-4o-mini', apiKey: '' }).generate(ask)).rejects.toThrowError(missing)
  })

  it('masks its key, and any provider key, in a reply that echoes them', async () => {
    const key = 'own-key-Zq81xKp02mLw77fRt4'
    const groq = `gsk_${'A1b2C3d4'.repeat(6)}wXyZ`
    server = await startFakeServer({
      reply: (_request, headers) => `You sent ${headers.authorization}; mine is ${groq}; the basic idea holds.`,
    })
    for (const stream of [false, true]) {
      const output = await models.openai({ model: 'fake-model', baseURL: server.baseURL, apiKey: key, stream }).generate(ask)
      expect(output.text).toBe('You sent Bearer ***; mine is gsk_***; the basic idea holds.')
    }
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
