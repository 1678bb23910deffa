import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, models } from '../../src/index.ts'
import { costOf, createRecordedModel, loadRecordingStore } from '../../src/model/index.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'

let server: FakeServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const ask = [{ role: 'user' as const, content: 'Reply with: one two three four' }]

describe('cost', () => {
  it('comes from the built-in price of OpenAI models, dated snapshots included, in US dollars per million tokens', () => {
    expect(models.openai({ model: 'gpt-4o-mini' }).price).toEqual({ input: 0.15, output: 0.6 })
    expect(models.openai({ model: 'gpt-4o-2024-08-06' }).price).toEqual({ input: 2.5, output: 10 })
    expect(models.openai({ model: 'llama3.1:8b' }).price).toBeUndefined()
    expect(models.openai({ model: 'constructor' }).price).toBeUndefined()
    expect(costOf({ input: 0.15, output: 0.6 }, { inputTokens: 1_000_000, outputTokens: 500_000 })).toBeCloseTo(0.45, 12)
  })

  it('is priced per call from the usage, with a price the user gives', async () => {
    server = await startFakeServer()
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL, price: { input: 2, output: 10 } })
    const output = await model.generate(ask)
    expect(output.usage).toEqual({ inputTokens: 6, outputTokens: 4 })
    expect(output.costUsd).toBeCloseTo((6 * 2 + 4 * 10) / 1e6, 15)
    expect((await models.openai({ model: 'fake-model', baseURL: server.baseURL }).generate(ask)).costUsd).toBeUndefined()
  })

  it('of a replayed reply is what it cost when recorded, marked as replayed', async () => {
    server = await startFakeServer()
    const price = { input: 2, output: 10 }
    const store = loadRecordingStore(join(mkdtempSync(join(tmpdir(), 'evalsuite-cost-')), 'cost.jsonl'))
    const live = await createRecordedModel(models.openai({ model: 'fake-model', baseURL: server.baseURL, price }), store, 'auto').generate(
      ask,
    )
    const replayed = await createRecordedModel(models.openai({ model: 'fake-model', price }), store, 'replay').generate(ask)
    expect(replayed).toMatchObject({ text: live.text, usage: live.usage, costUsd: live.costUsd, replayed: true })
    expect(live.replayed).toBeUndefined()
  })

  it('refuses a negative price or limit where the model is declared', () => {
    expect(() => models.openai({ model: 'm', price: { input: -1, output: 1 }, rpm: 0 })).toThrowError(
      new ConfigError(
        'models.openai({ model: "m" }): option "rpm" Too small: expected number to be >0; option "price.input" Too small: expected number to be >=0.',
      ),
    )
  })
})

describe('streaming', () => {
  it('measures the time to the first token, and records it with the reply', async () => {
    server = await startFakeServer({ latencyMs: 30, streamGapMs: 25 })
    const dir = mkdtempSync(join(tmpdir(), 'evalsuite-stream-'))
    const store = loadRecordingStore(join(dir, 'stream.jsonl'))
    const model = createRecordedModel(models.openai({ model: 'fake-model', baseURL: server.baseURL, stream: true }), store, 'record')
    const output = await model.generate(ask)
    expect(output.text).toBe('one two three four')
    expect(output.usage).toEqual({ inputTokens: 6, outputTokens: 4 })
    expect(output.ttftMs).toBeGreaterThanOrEqual(28)
    // three more chunks follow the first, 25 ms apart
    expect(output.latencyMs - output.ttftMs!).toBeGreaterThanOrEqual(70)
    store.save()
    const line = JSON.parse(readFileSync(join(dir, 'stream.jsonl'), 'utf8'))
    expect(line.reply.ttftMs).toBe(Math.round(output.ttftMs! * 10) / 10)
    // streaming changes how the reply travels, not what it is: the same recording serves both
    expect(line.params).toEqual({ temperature: 0 })
  })

  it('gives no time to first token without streaming', async () => {
    server = await startFakeServer()
    expect((await models.openai({ model: 'fake-model', baseURL: server.baseURL }).generate(ask)).ttftMs).toBeUndefined()
  })

  it('retries a stream that breaks off before it is complete', async () => {
    server = await startFakeServer({ fault: ({ index }) => (index === 1 ? { kind: 'cut' } : undefined) })
    const output = await models.openai({ model: 'fake-model', baseURL: server.baseURL, stream: true }).generate(ask)
    expect(output.text).toBe('one two three four')
    expect(server.requestCount).toBe(2)
  })
})
