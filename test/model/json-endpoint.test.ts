import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { ModelError, models } from '../../src/index.ts'

// evalsuite posts a reply that is not streamed itself, over node:http: these endpoints test what fetch did for it
// before (decompression, connections kept alive and given up, the caller's abort), each misbehaving in one way

let server: Server | undefined
let connections = 0
let requests = 0
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((done) => server?.close(done) ?? done(undefined))
  server = undefined
})

const ask = [{ role: 'user' as const, content: 'Reply with: 42' }]
const completion = (content: string): string =>
  JSON.stringify({
    choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 3, completion_tokens: 1 },
  })

async function serve(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  connections = 0
  requests = 0
  server = createServer((req, res) => {
    requests++
    req.resume()
    req.on('end', () => answer(req, res))
  })
  server.on('connection', () => connections++)
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
}

async function failure(call: Promise<unknown>, baseURL: string): Promise<string> {
  const error = await call.then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ModelError)
  return (error as Error).message.split(new URL(baseURL).host).join('HOST')
}

describe('a reply that is not streamed', () => {
  it('is read decompressed when the endpoint compresses it unasked, and asks for none', async () => {
    let asked: string | undefined
    const baseURL = await serve((req, res) => {
      asked = req.headers['accept-encoding']
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(completion('42')))
    })
    const output = await models.openai({ model: 'm', baseURL, maxRetries: 0 }).generate(ask)
    expect(output.text).toBe('42')
    expect(asked).toBeUndefined()
  })

  it.each([
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
    ['X-GZIP', gzipSync],
  ])('reads a reply compressed with %s decompressed', async (encoding, compress) => {
    const baseURL = await serve((_, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding }).end(compress(completion('42'))),
    )
    expect((await models.openai({ model: 'm', baseURL, maxRetries: 0 }).generate(ask)).text).toBe('42')
  })

  it('reads a reply whose content-encoding names no compression (constructor, __proto__, identity) as it is', async () => {
    for (const encoding of ['constructor', '__proto__', 'identity']) {
      const baseURL = await serve((_, res) =>
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding }).end(completion('42')),
      )
      expect((await models.openai({ model: 'm', baseURL, maxRetries: 0 }).generate(ask)).text).toBe('42')
    }
  })

  it('counts a compressed reply by its decompressed size: a small body that inflates past maxReplyBytes fails', async () => {
    const baseURL = await serve((_, res) => {
      const padded = `{"choices":[{"message":{"role":"assistant","content":"${'a'.repeat(200_000)}"}}]}`
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(padded))
    })
    const message = await failure(models.openai({ model: 'm', baseURL, maxRetries: 0, maxReplyBytes: 50_000 }).generate(ask), baseURL)
    expect(message).toBe(
      'Model "m" failed: the reply from HOST passed its size limit of 50,000 bytes (maxReplyBytes); raise maxReplyBytes if replies this large are expected',
    )
  })

  it('keeps its connection alive: ten calls one after another open one connection', async () => {
    const baseURL = await serve((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion('42')))
    const model = models.openai({ model: 'm', baseURL, maxRetries: 0 })
    for (let i = 0; i < 10; i++) expect((await model.generate(ask)).text).toBe('42')
    expect(requests).toBe(10)
    expect(connections).toBe(1)
  })

  it('fails, and is tried again, when the connection breaks off in the middle of the body', async () => {
    const baseURL = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' })
      res.write('{"choices":[{"message":')
      setTimeout(() => res.socket?.destroy(), 20)
    })
    const message = await failure(models.openai({ model: 'm', baseURL, maxRetries: 1, maxRetryTimeMs: 5_000 }).generate(ask), baseURL)
    expect(message).toMatch(/^Model "m" failed after 2 attempts: the connection to HOST broke off while reading the reply \(ECONNRESET/)
    expect(requests).toBe(2)
  })

  it('closes a connection given up, so that the next call does not read the rest of the last reply', async () => {
    let calls = 0
    const baseURL = await serve((_, res) => {
      calls++
      // the first reply is too large and is given up after its first bytes; the second is whole
      if (calls === 1) {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write(`{"choices":[{"message":{"role":"assistant","content":"${'b'.repeat(60_000)}`)
        setTimeout(() => res.end('"}}]}'), 50)
      } else res.writeHead(200, { 'content-type': 'application/json' }).end(completion('42'))
    })
    const model = models.openai({ model: 'm', baseURL, maxRetries: 0, maxReplyBytes: 10_000 })
    expect(await failure(model.generate(ask), baseURL)).toMatch(/passed its size limit of 10,000 bytes/)
    expect((await model.generate(ask)).text).toBe('42')
    expect(connections).toBe(2)
  })

  it("ends at the caller's abort, saying its reason, and closes the connection", async () => {
    let closed = false
    const baseURL = await serve((req) => req.socket.on('close', () => (closed = true)))
    const controller = new AbortController()
    const call = models.openai({ model: 'm', baseURL, maxRetries: 0 }).generate(ask, { signal: controller.signal })
    await new Promise((done) => setTimeout(done, 50))
    const reason = new Error('the sample timed out')
    const aborted = performance.now()
    controller.abort(reason)
    await expect(call).rejects.toThrow(new ModelError('Model "m" failed: the sample timed out'))
    expect(performance.now() - aborted).toBeLessThan(1_000)
    await new Promise((done) => setTimeout(done, 50))
    expect(closed).toBe(true)
  })
})
