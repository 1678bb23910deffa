import { request as httpRequest, Agent, type IncomingMessage } from 'node:http'
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import { startFakeServer, type FakeServer, type FakeServerOptions } from './openai-server.js'

let server: FakeServer | undefined

async function start(options?: FakeServerOptions): Promise<{ server: FakeServer; client: OpenAI }> {
  server = await startFakeServer(options)
  return { server, client: new OpenAI({ apiKey: 'test', baseURL: server.baseURL, maxRetries: 0 }) }
}

afterEach(async () => {
  await server?.close()
  server = undefined
})

const ask = (client: OpenAI, content: string) =>
  client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content }] })

describe('fake OpenAI server', () => {
  it('binds to 127.0.0.1 on a random port', async () => {
    const { server } = await start()
    expect(server.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
  })

  it('answers with the "Reply with:" line and counts words as tokens', async () => {
    const { client } = await start()
    const completion = await client.chat.completions.create({
      model: 'fake-model',
      messages: [
        { role: 'system', content: 'You are a test' },
        { role: 'user', content: 'What is the capital?\nReply with:   Paris  ' },
      ],
    })
    expect(completion.object).toBe('chat.completion')
    expect(completion.model).toBe('fake-model')
    expect(completion.choices[0]!.message).toMatchObject({ role: 'assistant', content: 'Paris' })
    expect(completion.choices[0]!.finish_reason).toBe('stop')
    // prompt: 4 + 7 words; completion: 1 word
    expect(completion.usage).toEqual({ prompt_tokens: 11, completion_tokens: 1, total_tokens: 12 })
  })

  it('echoes the first 80 chars of the last user message by default', async () => {
    const { client } = await start()
    const long = 'x'.repeat(100)
    const completion = await ask(client, long)
    expect(completion.choices[0]!.message.content).toBe(`echo: ${'x'.repeat(80)}`)
  })

  it('uses a custom reply function', async () => {
    const { client } = await start({ reply: ({ model, messages }) => `${model}:${messages.length}` })
    const completion = await ask(client, 'hi')
    expect(completion.choices[0]!.message.content).toBe('fake-model:1')
  })

  it('counts and records requests in arrival order', async () => {
    const { server, client } = await start()
    expect(server.requestCount).toBe(0)
    await ask(client, 'first')
    await ask(client, 'second')
    await Promise.all([ask(client, 'a'), ask(client, 'b')])
    expect(server.requestCount).toBe(4)
    expect(server.requests.slice(0, 2)).toEqual([
      { model: 'fake-model', messages: [{ role: 'user', content: 'first' }] },
      { model: 'fake-model', messages: [{ role: 'user', content: 'second' }] },
    ])
  })

  it('surfaces an injected 500 as an APIError and recovers afterwards', async () => {
    const { server, client } = await start({
      fault: ({ index }) => (index === 1 ? { kind: 'status', status: 500 } : undefined),
    })
    const error = await ask(client, 'Reply with: ok').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(APIError)
    expect((error as APIError).status).toBe(500)
    const completion = await ask(client, 'Reply with: ok')
    expect(completion.choices[0]!.message.content).toBe('ok')
    expect(server.requestCount).toBe(2)
  })

  it('sets Retry-After on an injected 429', async () => {
    const { server } = await start()
    server.setFault(() => ({ kind: 'status', status: 429, retryAfterSeconds: 3 }))
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-model', messages: [{ role: 'user', content: 'hi' }] }),
    })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('3')
    const body = (await response.json()) as { error: { code: string } }
    expect(body.error.code).toBe('rate_limit_exceeded')
  })

  it('times out on a hang fault and still closes promptly', async () => {
    const { server, client } = await start({ fault: () => ({ kind: 'hang' }) })
    const error = await client.chat.completions
      .create({ model: 'fake-model', messages: [{ role: 'user', content: 'hi' }] }, { timeout: 200 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(APIConnectionTimeoutError)
    const started = performance.now()
    await server.close()
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('closes promptly while a hanging request is still open', async () => {
    const { server, client } = await start({ fault: () => ({ kind: 'hang' }) })
    const pending = ask(client, 'hi').catch((e: unknown) => e)
    while (server.requestCount === 0) await new Promise((r) => setTimeout(r, 5))
    const started = performance.now()
    await server.close()
    expect(performance.now() - started).toBeLessThan(500)
    expect(await pending).toBeInstanceOf(APIConnectionError)
  })

  it('surfaces a reset fault as a connection error', async () => {
    const { client } = await start({ fault: () => ({ kind: 'reset' }) })
    const error = await ask(client, 'hi').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(APIConnectionError)
  })

  it('delays replies by the configured latency', async () => {
    const { server, client } = await start({ latencyMs: 150 })
    let started = performance.now()
    await ask(client, 'hi')
    expect(performance.now() - started).toBeGreaterThanOrEqual(150)

    server.setLatency(0)
    started = performance.now()
    await ask(client, 'hi')
    expect(performance.now() - started).toBeLessThan(150)
  })

  it('rejects invalid JSON and missing messages with a 400 error body', async () => {
    const { server } = await start()
    for (const body of ['{not json', JSON.stringify({ model: 'fake-model' })]) {
      const response = await fetch(`${server.baseURL}/chat/completions`, { method: 'POST', body })
      expect(response.status).toBe(400)
      const json = (await response.json()) as { error: { message: string; type: string } }
      expect(json.error.type).toBe('invalid_request_error')
      expect(json.error.message).toBeTypeOf('string')
    }
  })

  it('returns 404 for unknown paths and lists fake-model', async () => {
    const { server, client } = await start()
    const missing = await fetch(`${server.baseURL}/nope`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: unknown }).error).toBeDefined()
    const models = await client.models.list()
    expect(models.data.map((m) => m.id)).toEqual(['fake-model'])
  })

  it('streams SSE chunks when stream is true', async () => {
    const { client } = await start()
    const stream = await client.chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Reply with: one two three' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    let text = ''
    let usage: OpenAI.CompletionUsage | undefined | null
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? ''
      usage ??= chunk.usage
    }
    expect(text).toBe('one two three')
    expect(usage).toEqual({ prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 })
  })

  it('keeps connections alive between requests', async () => {
    const { server } = await start()
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const post = () =>
      new Promise<{ reused: boolean; body: string }>((resolve, reject) => {
        const req = httpRequest(
          `${server.baseURL}/chat/completions`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
          (res: IncomingMessage) => {
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (c: string) => (body += c))
            res.on('end', () => resolve({ reused: req.reusedSocket, body }))
          },
        )
        req.on('error', reject)
        req.end(JSON.stringify({ model: 'fake-model', messages: [{ role: 'user', content: 'Reply with: hi' }] }))
      })
    try {
      expect((await post()).reused).toBe(false)
      const second = await post()
      expect(second.reused).toBe(true)
      expect(JSON.parse(second.body).choices[0].message.content).toBe('hi')
    } finally {
      agent.destroy()
    }
  })

  it('sets retry-after-ms when asked, and tells each fault how many requests are in flight', async () => {
    const seen: number[] = []
    const { server } = await start({ latencyMs: 50 })
    server.setFault(({ inFlight }) => {
      seen.push(inFlight)
      return { kind: 'status', status: 503, retryAfterMs: 250 }
    })
    const post = () =>
      fetch(`${server.baseURL}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'fake-model', messages: [] }) })
    const responses = await Promise.all([post(), post(), post()])
    expect(responses.map((r) => [r.status, r.headers.get('retry-after-ms')])).toEqual([
      [503, '250'],
      [503, '250'],
      [503, '250'],
    ])
    expect(seen).toEqual([1, 2, 3])
    expect(server.arrivals.map((a) => a.inFlight)).toEqual([1, 2, 3])
    expect(server.inFlight).toBe(0)
  })

  it('returns the log-probabilities of the first reply token, cut to max_tokens, when asked', async () => {
    const { client } = await start()
    const completion = await client.chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Reply with: B because' }],
      max_tokens: 1,
      logprobs: true,
      top_logprobs: 3,
    })
    expect(completion.choices[0]).toMatchObject({ message: { content: 'B' }, finish_reason: 'length' })
    expect(completion.choices[0]!.logprobs!.content![0]!.top_logprobs).toEqual([
      { token: 'B', logprob: -0.01, bytes: null },
      { token: 'A', logprob: -3, bytes: null },
      { token: 'C', logprob: -4, bytes: null },
    ])
  })

  it('plays an endpoint that ignores logprobs', async () => {
    const { client } = await start({ logprobs: false })
    const completion = await client.chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'hi' }],
      logprobs: true,
    })
    expect(completion.choices[0]!.logprobs).toBeNull()
  })

  it('echoes completions prompts with per-token logprobs and offsets, the first token unscored', async () => {
    const { server, client } = await start({ tokenLogprob: (token) => -token.trim().length })
    const completion = await client.completions.create({
      model: 'fake-model',
      prompt: ['ab c', 'd'],
      echo: true,
      logprobs: 1,
      max_tokens: 1,
    })
    expect(completion.choices.map((c) => [c.text, c.logprobs])).toEqual([
      ['ab c end', { tokens: ['ab', ' c', ' end'], token_logprobs: [null, -1, -50], top_logprobs: null, text_offset: [0, 2, 4] }],
      ['d end', { tokens: ['d', ' end'], token_logprobs: [null, -50], top_logprobs: null, text_offset: [0, 1] }],
    ])
    expect(completion.usage).toEqual({ prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 })
    expect(server.completionRequests).toEqual([{ model: 'fake-model', prompts: ['ab c', 'd'], echo: true, logprobs: 1, maxTokens: 1 }])
  })

  it('plays completions endpoints that refuse echo with logprobs, or do not exist', async () => {
    for (const [completions, status] of [
      ['no-echo', 400],
      ['none', 404],
    ] as const) {
      const { client } = await start({ completions })
      const error = await client.completions.create({ model: 'fake-model', prompt: 'x', echo: true, logprobs: 1 }).catch((e: unknown) => e)
      expect((error as APIError).status).toBe(status)
      await server?.close()
    }
  })

  it('spaces streamed chunks by streamGapMs', async () => {
    const { client } = await start({ streamGapMs: 40 })
    const started = performance.now()
    const stream = await client.chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Reply with: a b c' }],
      stream: true,
    })
    const times: number[] = []
    for await (const chunk of stream) if (chunk.choices[0]?.delta.content) times.push(performance.now())
    expect(times).toHaveLength(3)
    // the last chunk cannot leave the server before two gaps have passed; a busy client can only see it later, so
    // this bound holds however the chunks are batched on arrival
    expect(times[2]! - started).toBeGreaterThanOrEqual(80)
  })
})
