import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createRecordedModel, loadRecordingStore, recordingKey, type Model } from '../../src/model/index.ts'
import type { MediaMessage } from '../../src/schema/index.ts'

const identity = { provider: 'test', model: 'vision', params: {} }
const RED = readFileSync('fixtures/images/pictures/red.png')
const BLUE = readFileSync('fixtures/images/pictures/blue.png')
const dataUri = (bytes: Buffer): string => `data:image/png;base64,${bytes.toString('base64')}`
const ask = (image: string): MediaMessage[] => [
  {
    role: 'user',
    content: [
      { type: 'text', text: 'What colour?' },
      { type: 'image_url', image_url: { url: image } },
    ],
  },
]

function visionModel(): Model & { seen: MediaMessage[][] } {
  const seen: MediaMessage[][] = []
  return {
    name: 'vision',
    identity,
    seen,
    generate: () => Promise.reject(new Error('text call not expected')),
    async generateWithImages(messages) {
      seen.push(messages)
      return { text: 'red', latencyMs: 1 }
    },
  }
}

describe('recordings of calls with images', () => {
  it('key an image by its bytes: the same picture is one key, a changed picture a new one', () => {
    expect(recordingKey(identity, ask(dataUri(RED)))).toBe(recordingKey(identity, ask(dataUri(Buffer.from(RED)))))
    expect(recordingKey(identity, ask(dataUri(RED)))).not.toBe(recordingKey(identity, ask(dataUri(BLUE))))
    expect(recordingKey(identity, ask('https://example.com/red.png'))).not.toBe(recordingKey(identity, ask(dataUri(RED))))
  })

  it('hold the digest of the image, never its bytes, and replay the call without the model', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-rec-')), 'vision.jsonl')
    const model = visionModel()
    const store = loadRecordingStore(file)
    const recorded = createRecordedModel(model, store, 'auto')
    await recorded.generateWithImages!(ask(dataUri(RED)))
    expect(model.seen[0]![0]!.content).toEqual(ask(dataUri(RED))[0]!.content)
    store.save()
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain(RED.toString('base64'))
    expect(JSON.parse(text).messages[0].content[1]).toEqual({
      type: 'image_url',
      image_url: { url: `sha256:${createHash('sha256').update(RED).digest('hex')}` },
    })

    const replaying = createRecordedModel(visionModel(), loadRecordingStore(file), 'replay')
    expect(await replaying.generateWithImages!(ask(dataUri(RED)))).toMatchObject({ text: 'red', replayed: true })
    await expect(replaying.generateWithImages!(ask(dataUri(BLUE)))).rejects.toThrow(/No recording of this call/)
  })

  it('are not offered for a model that takes text only', () => {
    const textModel: Model = { name: 'text', identity, generate: async () => ({ text: '', latencyMs: 0 }) }
    expect(
      createRecordedModel(textModel, loadRecordingStore(join(mkdtempSync(join(tmpdir(), 'evalsuite-rec-')), 't.jsonl')), 'auto')
        .generateWithImages,
    ).toBeUndefined()
  })
})
