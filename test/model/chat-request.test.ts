import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import OpenAI from 'openai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ModelError, models } from '../../src/index.ts'

// models.openai posts a non-streamed chat request itself, past the SDK's request pipeline: the endpoint must see what
// the SDK would have sent, and its refusals must read as the SDK's errors do
interface Seen {
  method: string | undefined
  url: string | undefined
  headers: IncomingHttpHeaders
  body: unknown
}

let server: Server | undefined
afterEach(() => {
  vi.unstubAllEnvs()
  return new Promise<void>((done) => (server ? server.close(() => done()) : done()))
})

async function endpoint(
  answer: (seen: Seen) => { status: number; body: string; headers?: Record<string, string> },
): Promise<{ baseURL: string; seen: Seen[] }> {
  const seen: Seen[] = []
  server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => {
      const request = { method: req.method, url: req.url, headers: req.headers, body: JSON.parse(text) as unknown }
      seen.push(request)
      const { status, body, headers } = answer(request)
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body)
    })
  })
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening))
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen }
}

const REPLY = JSON.stringify({
  choices: [{ message: { role: 'assistant', content: 'Paris' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 5, completion_tokens: 1 },
})
const MESSAGES = [
  { role: 'system' as const, content: 'Answer briefly.' },
  { role: 'user' as const, content: 'Capital of France?' },
]
// what the endpoint acts on; the SDK's own x-stainless-* and user-agent headers describe the client only
const ACTED_ON = ['authorization', 'content-type', 'accept', 'openai-organization', 'openai-project']
const actedOn = (headers: IncomingHttpHeaders): Record<string, unknown> =>
  Object.fromEntries(ACTED_ON.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]))

describe('a chat request models.openai sends', () => {
  it('is the request the openai SDK sends: the same path, body and the headers an endpoint reads', async () => {
    vi.stubEnv('OPENAI_ORG_ID', 'org-test')
    vi.stubEnv('OPENAI_PROJECT_ID', 'proj-test')
    const { baseURL, seen } = await endpoint(() => ({ status: 200, body: REPLY }))
    const model = models.openai({ model: 'gpt-test', baseURL: `${baseURL}/`, apiKey: 'key-0123456789', maxRetries: 0, temperature: 0 })
    const reply = await model.generate(MESSAGES)
    expect(reply.text).toBe('Paris')
    expect(reply.usage).toEqual({ inputTokens: 5, outputTokens: 1 })
    const sdk = new OpenAI({ apiKey: 'key-0123456789', baseURL: `${baseURL}/`, maxRetries: 0 })
    await sdk.chat.completions.create({ temperature: 0, model: 'gpt-test', messages: MESSAGES, stream: false })
    const [ours, theirs] = seen
    expect(ours!.method).toBe('POST')
    expect(ours!.url).toBe(theirs!.url)
    expect(ours!.url).toBe('/v1/chat/completions')
    expect(ours!.body).toEqual(theirs!.body)
    expect(actedOn(ours!.headers)).toEqual(actedOn(theirs!.headers))
    expect(actedOn(ours!.headers)).toMatchObject({ 'openai-organization': 'org-test', 'openai-project': 'proj-test' })
  })

  it("fails on a refusal as the SDK's error would: status, the endpoint's message, no retry of a 400", async () => {
    const { baseURL, seen } = await endpoint(() => ({
      status: 400,
      body: JSON.stringify({ error: { message: 'model "gpt-test" does not exist', type: 'invalid_request_error' } }),
    }))
    const error = await models
      .openai({ model: 'gpt-test', baseURL, apiKey: 'key-0123456789', maxRetries: 3 })
      .generate(MESSAGES)
      .catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ModelError)
    expect((error as Error).message).toMatch(/HTTP 400 from 127\.0\.0\.1:\d+\).*does not exist/)
    expect(seen).toHaveLength(1)
  })

  it('retries a 503 whose body is not JSON, and quotes the text it got', async () => {
    const { baseURL, seen } = await endpoint(() => ({
      status: 503,
      body: 'upstream overloaded',
      headers: { 'content-type': 'text/plain', 'retry-after-ms': '1' },
    }))
    const error = await models
      .openai({ model: 'gpt-test', baseURL, apiKey: 'key-0123456789', maxRetries: 2 })
      .generate(MESSAGES)
      .catch((thrown: unknown) => thrown)
    expect((error as Error).message).toMatch(/after 3 attempts \(HTTP 503 from .*upstream overloaded/)
    expect(seen).toHaveLength(3)
  })
})
