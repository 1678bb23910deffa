import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DatasetError, ModelError } from '../../src/errors.ts'
import { createRecordedModel, loadRecordingStore, models, recordingKey, type Model } from '../../src/model/index.ts'
import type { ChatMessage, Recording } from '../../src/schema/index.ts'

const identity = { provider: 'test', model: 'm', params: { temperature: 0 } }
const ask = (content: string): ChatMessage[] => [{ role: 'user', content }]

function countingModel(): Model & { calls: number } {
  const model = {
    name: 'm',
    identity,
    calls: 0,
    async generate(messages: ChatMessage[]) {
      model.calls++
      return { text: `reply to ${messages.at(-1)?.content}`, latencyMs: 12.345 }
    },
  }
  return model
}

const recording = (content: string): Recording => ({
  key: recordingKey(identity, ask(content)),
  model: 'm',
  messages: ask(content),
  params: identity.params,
  reply: { text: `recorded ${content}`, latencyMs: 1 },
})

const fresh = (): string => join(mkdtempSync(join(tmpdir(), 'evalsuite-rec-')), 'bench.jsonl')

describe('the recording store', () => {
  it('saves one call per line, sorted by key, whatever order the replies came in', () => {
    const file = fresh()
    const store = loadRecordingStore(file)
    for (const content of ['c', 'a', 'b']) store.put(recording(content))
    store.save()
    const keys = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).key as string)
    expect(keys).toEqual([...keys].sort())
    expect(keys).toHaveLength(3)
    expect(readdirSync(join(file, '..'))).toEqual(['bench.jsonl'])
  })

  it("keeps a killed run's replies: the next load reads its journal, even with a half-written last line", () => {
    const file = fresh()
    const killed = loadRecordingStore(file)
    killed.put(recording('a'))
    const [journal] = readdirSync(join(file, '..'))
    writeFileSync(join(file, '..', journal!), `${readFileSync(join(file, '..', journal!), 'utf8')}{"key":"half`)
    const next = loadRecordingStore(file)
    expect(next.get(recording('a').key)?.reply).toMatchObject({ text: 'recorded a' })
    next.save()
    expect(readdirSync(join(file, '..'))).toEqual(['bench.jsonl'])
    expect(loadRecordingStore(file).get(recording('a').key)).toEqual(recording('a'))
  })

  it('refuses a malformed recording file, naming the file and line', () => {
    const file = fresh()
    writeFileSync(file, `${JSON.stringify(recording('a'))}\n{"key": "k", "model": 3}\n${JSON.stringify(recording('b'))}\n`)
    const error = (() => {
      try {
        loadRecordingStore(file)
      } catch (e) {
        return e as DatasetError
      }
    })()
    expect(error).toBeInstanceOf(DatasetError)
    expect(error?.issues.map((i) => `${i.line}: ${i.field}`)).toEqual(['2: model', '2: messages', '2: params', '2: reply'])
  })
})

describe('a recorded model', () => {
  it('in replay mode never calls the model, and names the key and how to record a missing call', async () => {
    const model = countingModel()
    const store = loadRecordingStore(fresh())
    store.put(recording('known'))
    const replayed = createRecordedModel(model, store, 'replay')
    expect((await replayed.generate(ask('known'))).text).toBe('recorded known')
    const missing = await replayed.generate(ask('unknown')).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(missing).toBeInstanceOf(ModelError)
    expect(missing?.message).toContain(`key ${recordingKey(identity, ask('unknown'))}`)
    // the benchmark adds the command for its sample: the model layer names no test it cannot know
    expect(missing?.message).toContain('Record it with EVALSUITE_RECORDINGS=auto (or record) and a model endpoint.')
    expect(missing?.message).not.toMatch(/\bvitest\b| -t /)
    expect(model.calls).toBe(0)
  })

  it('in auto mode calls only for what is not recorded, and records it', async () => {
    const model = countingModel()
    const store = loadRecordingStore(fresh())
    const auto = createRecordedModel(model, store, 'auto')
    expect((await auto.generate(ask('q'))).text).toBe('reply to q')
    expect((await auto.generate(ask('q'))).text).toBe('reply to q')
    expect(model.calls).toBe(1)
    expect(store.get(recordingKey(identity, ask('q')))?.reply.latencyMs).toBe(12.3)
  })

  it('in record mode calls every time and keeps the newest reply', async () => {
    const model = countingModel()
    const store = loadRecordingStore(fresh())
    store.put(recording('q'))
    await createRecordedModel(model, store, 'record').generate(ask('q'))
    expect(model.calls).toBe(1)
    expect(store.get(recordingKey(identity, ask('q')))?.reply).toMatchObject({ text: 'reply to q' })
  })
})

it('keys a call by what changes the reply, never by the key or the endpoint address', () => {
  const a = models.openai({ model: 'gpt-4o-mini', apiKey: 'sk-one-0000000', baseURL: 'http://127.0.0.1:1/v1' })
  const b = models.openai({ model: 'gpt-4o-mini', apiKey: 'sk-two-1111111', baseURL: 'http://127.0.0.1:2/v1' })
  const warmer = models.openai({ model: 'gpt-4o-mini', temperature: 0.7 })
  const key = (model: Model): string => recordingKey(model.identity!, ask('q'))
  expect(key(a)).toBe(key(b))
  expect(key(warmer)).not.toBe(key(a))
  expect(JSON.stringify(a.identity)).not.toContain('sk-one')
})

it('hashes the request as JSON with every key sorted, so that committed recordings keep their keys', () => {
  const openai = { provider: 'openai-compatible', model: 'gpt-4o-mini', params: { temperature: 0, max_tokens: 5 } }
  const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 24)
  const request =
    '"messages":[{"content":"q","role":"user"}],"model":"gpt-4o-mini","params":{"max_tokens":5,"temperature":0},"provider":"openai-compatible"'
  expect(recordingKey(openai, ask('q'))).toBe(hash(`{${request}}`))
  expect(recordingKey(openai, ask('q'), { method: 'logprobs', choices: ['A', 'B'] })).toBe(
    hash(`{${request},"scoring":{"choices":["A","B"],"method":"logprobs"}}`),
  )
})
