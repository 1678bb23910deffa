import { afterEach, describe, expect, it } from 'vitest'
import { models } from '../../src/index.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'

// models.openai builds its output in one object; the order of its fields is the one reports and recordings of earlier
// versions show (JSON keeps it), so it is pinned here
let server: FakeServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe("the fields of models.openai's output", () => {
  it('come in the order text, usage, ttftMs, toolCalls, latencyMs, costUsd', async () => {
    server = await startFakeServer({
      toolCalls: (request) => (request.messages.length === 1 ? [{ name: 'f', arguments: '{"a":1}' }] : undefined),
    })
    const tools = [{ name: 'f', parameters: { type: 'object' } }]
    const price = { input: 1, output: 2 }
    const streamed = models.openai({ model: 'm', baseURL: server.baseURL, stream: true, price, maxRetries: 0 })
    const called = await streamed.generate([{ role: 'user', content: 'Reply with: 4' }], { tools })
    expect(Object.keys(called)).toEqual(['text', 'usage', 'ttftMs', 'toolCalls', 'latencyMs', 'costUsd'])
    const plain = models.openai({ model: 'm', baseURL: server.baseURL, maxRetries: 0 })
    const answered = await plain.generate([
      { role: 'user', content: 'x' },
      { role: 'assistant', content: 'y' },
    ])
    expect(Object.keys(answered)).toEqual(['text', 'usage', 'latencyMs'])
  })
})
