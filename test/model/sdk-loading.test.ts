import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { models } from '../../src/index.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'

// the openai SDK costs a worker about 0.1 s of CPU to load: a run whose replies are not streamed never loads it
const loads = vi.hoisted(() => ({ count: 0 }))
vi.mock('openai', async (importOriginal) => {
  loads.count++
  return importOriginal()
})

let server: FakeServer
beforeAll(async () => {
  server = await startFakeServer()
})
afterAll(() => server.close())

it('answers non-streamed calls without loading the openai SDK, and loads it for the first stream', async () => {
  const options = { model: 'fake-model', baseURL: server.baseURL, apiKey: 'test-key-123', maxRetries: 0 }
  const plain = models.openai(options)
  const replies = await Promise.all([1, 2, 3].map((n) => plain.generate([{ role: 'user', content: `Reply with: ${n}` }])))
  expect(replies.map((reply) => reply.text)).toEqual(['1', '2', '3'])
  expect(loads.count).toBe(0)
  const streamed = await models.openai({ ...options, stream: true }).generate([{ role: 'user', content: 'Reply with: 4' }])
  expect(streamed.text).toBe('4')
  expect(loads.count).toBe(1)
})
