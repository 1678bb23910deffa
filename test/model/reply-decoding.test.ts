import { createServer } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { models } from '../../src/index.ts'
import { listenOnLoopback, type Listening } from '../support/loopback.ts'

// evalsuite reads a reply's body itself (under its size and time limits) and decodes it once, at the end: a
// character whose bytes arrive in two pieces, and a byte-order mark, must come out as a decoder reading the whole
// body would give them.

let listening: Listening | undefined
afterEach(async () => {
  await listening?.close()
  listening = undefined
})

/** An endpoint that sends its reply in the pieces given, each in its own write, a few milliseconds apart. */
async function serveInPieces(pieces: readonly Buffer[]): Promise<string> {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', async () => {
      response.writeHead(200, { 'content-type': 'application/json' })
      for (const piece of pieces) {
        response.write(piece)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      response.end()
    })
  })
  listening = await listenOnLoopback(server)
  return `http://127.0.0.1:${listening.port}/v1`
}

const reply = (content: string): Buffer =>
  Buffer.from(
    JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 0,
      model: 'fake-model',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    }),
  )

const ask = [{ role: 'user' as const, content: 'Reply' }]

describe('a reply body read in pieces', () => {
  it('decodes a character whose bytes are split between two pieces', async () => {
    const body = reply('prix: 12 € — 東京')
    // the cut falls inside the euro sign's three bytes
    const cut = body.indexOf(Buffer.from('€')) + 1
    const baseURL = await serveInPieces([body.subarray(0, cut), body.subarray(cut)])
    const output = await models.openai({ model: 'fake-model', baseURL, maxRetries: 0 }).generate(ask)
    expect(output.text).toBe('prix: 12 € — 東京')
  })

  it('drops a byte-order mark before the JSON, as a text decoder does', async () => {
    const baseURL = await serveInPieces([Buffer.from([0xef, 0xbb, 0xbf]), reply('with a mark')])
    const output = await models.openai({ model: 'fake-model', baseURL, maxRetries: 0 }).generate(ask)
    expect(output.text).toBe('with a mark')
  })

  it('turns bytes that are not UTF-8 into U+FFFD rather than failing', async () => {
    const body = reply('a?b')
    body[body.indexOf(Buffer.from('a?b')) + 1] = 0xff
    const baseURL = await serveInPieces([body])
    const output = await models.openai({ model: 'fake-model', baseURL, maxRetries: 0 }).generate(ask)
    expect(output.text).toBe('a\ufffdb')
  })
})
