import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createToolLoop, loadToolRecordings, runAgent, type AgentTools } from '../../src/agent/index.ts'
import { createRecordedModel, loadRecordingStore, recordingKey, type Model } from '../../src/model/index.ts'
import { RecordingSchema, type MediaMessage } from '../../src/schema/index.ts'
import { stableHash } from '../../src/store/index.ts'

// recorded by evalsuite before the keys were written faster (main 49e1e0f): a user's committed recordings look like
// these, and must replay as long as their calls do not change
const DIR = 'fixtures/agent-recordings'
const identity = { provider: 'openai-compatible', model: 'fake-model', params: { temperature: 0, max_tokens: 256 } }
const signal = new AbortController().signal

const recorded = readFileSync(`${DIR}/agent.jsonl`, 'utf8')
  .trim()
  .split('\n')
  .map((line) => RecordingSchema.parse(JSON.parse(line)))

const refuse = (what: string) => () => {
  throw new Error(`replay ran ${what}`)
}

// the tools the recordings were made with; replay runs none of them
const tools: AgentTools = {
  search: {
    description: 'Searches the web.',
    parameters: z.object({ q: z.string(), limit: z.number().int().optional() }),
    execute: refuse('search'),
  },
  lookup: {
    parameters: {
      type: 'object',
      properties: { id: { type: 'string' }, fields: { type: 'array', items: { type: 'string' } } },
      required: ['id'],
    },
    execute: refuse('lookup'),
  },
  book: { parameters: z.object({ hotel: z.string(), nights: z.number() }), execute: refuse('book') },
  clock: { parameters: z.object({}), execute: refuse('clock') },
}

const model: Model = { name: 'fake-model', identity, generate: refuse('the model') }

// the messages as the generic hash writes a key's copy of them: role, content and the tool-use fields
const keyed = (messages: readonly MediaMessage[]) =>
  messages.map(({ role, content, toolCalls, toolCallId }) => ({ role, content, toolCalls, toolCallId }))

describe('recording keys of tool calls', () => {
  it('keys every recorded call of a tool loop as it was keyed when recorded', () => {
    expect(recorded.length).toBe(13)
    for (const { key, messages, attempt, tools: offer, model: name, params } of recorded)
      expect(recordingKey({ provider: 'openai-compatible', model: name, params }, messages, undefined, attempt, offer)).toBe(key)
  })

  it('replays the recorded loops (parallel calls, a conversation, repeats) with no model call and no tool run', async () => {
    const store = loadRecordingStore(`${DIR}/agent.jsonl`)
    const recordings = loadToolRecordings(`${DIR}/agent.tools.jsonl`, 'replay')
    const replayer = createRecordedModel(model, store, 'replay')
    const loop = createToolLoop('fixture', tools, 10)
    const play = (id: string, messages: MediaMessage[], attempt?: number) =>
      runAgent(
        loop,
        (sent, options) => replayer.generate(sent as never, options),
        messages,
        { sample: { id, input: '' }, signal, recordings, ...(attempt === undefined ? {} : { attempt }) },
        { signal, ...(attempt === undefined ? {} : { attempt }) },
      )
    const trip = await play('trip', [
      { role: 'system', content: 'You plan trips. Use tools.' },
      { role: 'user', content: 'Book a hotel in Zürich for 2 nights.' },
    ])
    expect(trip.text).toBe('Booked "H1" for 2 nights.\nEnjoy!')
    expect(trip.trajectory.steps.map((step) => step.toolCalls.map((call) => call.name))).toEqual([
      ['search', 'clock'],
      ['lookup'],
      ['book', 'missing'],
      [],
    ])
    for (const attempt of [0, 1]) {
      const chat = await play(
        'chat',
        [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'First question?' },
          { role: 'user', content: 'Second question?' },
        ],
        attempt,
      )
      expect(chat.turns).toEqual(['First answer.', 'Second answer.'])
    }
    const chosen = await replayer.generate([{ role: 'user', content: 'Search for x.' }], {
      tools: loop.offered,
      toolChoice: { name: 'search' },
      parallelToolCalls: false,
    })
    expect(chosen.toolCalls?.map((call) => call.arguments)).toEqual([{ q: 'x' }])
  })

  it('keys tool-use messages as the generic hash of their fields does, whatever their shape', () => {
    const calls = [{ id: 'c1', name: 'search', arguments: '{"q":"é\\"\\n"}' }]
    const shapes: MediaMessage[][] = [
      [{ role: 'user', content: 'plain' }],
      [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: '', toolCalls: calls },
        { role: 'tool', content: 'r\u2028', toolCallId: 'c1' },
      ],
      // fields the key leaves out, and fields a hand-made call carries beyond the three
      [
        { role: 'user', content: 'q', name: 'n' } as MediaMessage,
        { role: 'assistant', content: 'x', toolCalls: [{ ...calls[0]!, extra: 1 } as never], toolCallId: undefined },
        { role: 'tool', content: 'r', toolCallId: 'c1', toolCalls: undefined },
      ],
      [{ role: 'assistant', content: [{ type: 'text', text: 'parts' }], toolCalls: calls }],
    ]
    const offer = { definitions: [{ name: 'search', parameters: { type: 'object' } }], choice: 'auto' as const }
    for (const messages of shapes) {
      expect(recordingKey(identity, messages)).toBe(stableHash({ ...identity, messages: keyed(messages) }))
      expect(recordingKey(identity, messages, undefined, 3, offer)).toBe(
        stableHash({ ...identity, messages: keyed(messages), attempt: 3, tools: offer }),
      )
    }
  })
})
