import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createRecordedModel, loadRecordingStore, recordingKey, type Model } from '../../src/model/index.ts'
import { RecordingSchema, type ChatMessage } from '../../src/schema/index.ts'
import { stableHash } from '../../src/store/index.ts'

const identity = { provider: 'test', model: 'm', params: { temperature: 0.7 } }
const ask: ChatMessage[] = [{ role: 'user', content: 'Pick a number' }]

describe('recordings of repeated samples', () => {
  it('keys a call made once exactly as before attempts existed, so committed recordings stay valid', () => {
    const lines = readFileSync('evals/__recordings__/capitals.jsonl', 'utf8').trim().split('\n')
    for (const line of lines) {
      const recording = RecordingSchema.parse(JSON.parse(line))
      const key = recordingKey({ provider: 'openai-compatible', model: recording.model, params: recording.params }, recording.messages)
      expect(key).toBe(recording.key)
    }
  })

  it("keys a call by its messages' roles and texts alone, as the hash of the messages written out in full", () => {
    const messages = [
      { role: 'system', content: 'Answer "briefly".\n' },
      { role: 'user', content: 'é', name: 'ignored' },
    ] as ChatMessage[]
    const expected = stableHash({ ...identity, messages: messages.map(({ role, content }) => ({ content, role })) })
    expect(recordingKey(identity, messages)).toBe(expected)
    expect(recordingKey(identity, [])).toBe(stableHash({ ...identity, messages: [] }))
  })

  it('keys each attempt of the same request apart', () => {
    const keys = [
      recordingKey(identity, ask),
      recordingKey(identity, ask, undefined, 0),
      recordingKey(identity, ask, undefined, 1),
      recordingKey(identity, ask, undefined, 2),
    ]
    expect(new Set(keys).size).toBe(4)
  })

  it('records each attempt as its own call, with its attempt, and replays each its own reply', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-attempts-')), 'bench.jsonl')
    let calls = 0
    const model: Model = { name: 'm', identity, generate: async () => ({ text: `reply ${++calls}`, latencyMs: 1 }) }
    const recording = loadRecordingStore(file)
    const recorder = createRecordedModel(model, recording, 'auto')
    const texts = [(await recorder.generate(ask, { attempt: 0 })).text, (await recorder.generate(ask, { attempt: 1 })).text]
    expect(texts).toEqual(['reply 1', 'reply 2'])
    recording.save()
    const saved = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => RecordingSchema.parse(JSON.parse(line)))
    expect(saved.map((r) => r.attempt).sort()).toEqual([0, 1])

    const replayer = createRecordedModel(model, loadRecordingStore(file), 'replay')
    expect((await replayer.generate(ask, { attempt: 1 })).text).toBe('reply 2')
    expect((await replayer.generate(ask, { attempt: 0 })).text).toBe('reply 1')
    await expect(replayer.generate(ask, { attempt: 2 })).rejects.toThrow('No recording of this call')
    expect(calls).toBe(2)
  })
})
