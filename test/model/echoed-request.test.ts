import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ModelError, models } from '../../src/index.ts'

// an endpoint that refuses a request with HTTP 400 and echoes the request's body in its message, as some servers do:
// an image sent as a data URI (a local file's bytes) must not reach the error, and so the report, JUnit or html
let server: Server | undefined
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())))

async function echoing(reply: (body: string) => { type: string; text: string }): Promise<string> {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const { type, text } = reply(body)
      res.writeHead(400, { 'content-type': type, 'content-length': Buffer.byteLength(text) }).end(text)
    })
  })
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
}

// the first bytes of a file that is not an image at all, as a data URI would carry them
const FILE = Buffer.from('OPENAI_API_KEY=sk-this-is-the-local-file-content-0123456789\nHOME=/root\n')
const IMAGE = `data:image/png;base64,${FILE.toString('base64')}`
const ask = [
  {
    role: 'user' as const,
    content: [
      { type: 'text' as const, text: 'Colour?' },
      { type: 'image_url' as const, image_url: { url: IMAGE } },
    ],
  },
]

async function errorOf(baseURL: string): Promise<string> {
  const error = await models.openai({ model: 'vision', baseURL, apiKey: 'test-key', maxRetries: 0 }).generateWithImages!(ask).then(
    () => new Error('the call succeeded'),
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(ModelError)
  return (error as Error).message
}

describe('an endpoint that echoes the request in its error', () => {
  it("cuts the data URI out of an API error's message, escaped as JSON or not", async () => {
    for (const escaped of [false, true]) {
      const baseURL = await echoing((body) => {
        const echoed = escaped ? body.replaceAll('/', '\\/') : body
        return {
          type: 'application/json',
          text: `{"error": {"message": "Invalid image in request: ${echoed.replaceAll('"', "'")}", "type": "invalid_request_error"}}`,
        }
      })
      const message = await errorOf(baseURL)
      expect(message).toContain('data:image/png;base64,[')
      expect(message).not.toContain(FILE.toString('base64').slice(0, 12))
      await new Promise<void>((done) => server!.close(() => done()))
      server = undefined
    }
  })

  it('cuts the data URI out of a plain-text error body', async () => {
    const baseURL = await echoing((body) => ({ type: 'text/plain', text: `bad request: ${body}` }))
    const message = await errorOf(baseURL)
    expect(message).toContain('data:image/png;base64,[')
    expect(message).not.toContain(FILE.toString('base64').slice(0, 12))
  })
})
