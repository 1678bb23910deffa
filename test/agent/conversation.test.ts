import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { conversationTurns, createToolLoop, runAgent } from '../../src/agent/index.ts'
import type { MediaMessage, Sample } from '../../src/schema/index.ts'
import { scriptedModel } from './scripted-model.ts'

const sample: Sample = { id: 'c1', input: 'x' }
const signal = new AbortController().signal
const conversation: MediaMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Name a city in Norway.' },
  { role: 'user', content: 'What is its population?' },
]

describe('conversations', () => {
  it('cuts a conversation of several user turns and no assistant turn before each later user turn', () => {
    expect(conversationTurns(conversation)).toEqual([conversation.slice(0, 2), conversation.slice(2)])
    expect(conversationTurns(conversation.slice(0, 2))).toBeUndefined()
    // a conversation with assistant turns is history, sent as it is
    expect(conversationTurns([conversation[1]!, { role: 'assistant', content: 'Oslo.' }, conversation[2]!])).toBeUndefined()
  })

  it('generates each turn in order, sends each reply before the next user turn, and keeps every turn', async () => {
    const model = scriptedModel([{ text: 'Oslo.' }, { text: 'About 700,000.' }])
    const output = await runAgent(undefined, model, conversation, { sample, signal }, { signal })
    expect(model.sent).toEqual([
      conversation.slice(0, 2),
      [...conversation.slice(0, 2), { role: 'assistant', content: 'Oslo.' }, conversation[2]],
    ])
    expect(output.text).toBe('About 700,000.')
    expect(output.turns).toEqual(['Oslo.', 'About 700,000.'])
    expect(output.trajectory.steps.map((step) => step.turn)).toEqual([1, 2])
  })

  it('runs a tool loop in each turn, numbering the steps on across turns', async () => {
    const model = scriptedModel([{ calls: [{ name: 'pick', arguments: '{}' }] }, { text: 'Oslo.' }, { text: 'About 700,000.' }])
    const tools = { pick: { parameters: z.object({}), execute: () => 'Oslo' } }
    const output = await runAgent(createToolLoop('b', tools, 10), model, conversation, { sample, signal }, { signal })
    expect(output.turns).toEqual(['Oslo.', 'About 700,000.'])
    expect(output.trajectory.steps.map((step) => [step.turn, step.toolCalls.length])).toEqual([
      [1, 1],
      [1, 0],
      [2, 0],
    ])
    expect(model.sent[2]!.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user'])
  })
})
