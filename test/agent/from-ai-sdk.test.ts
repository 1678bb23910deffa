import { generateText, stepCountIs, streamText, tool } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fromAiSdk } from '../../src/agent/index.ts'
import { TrajectorySchema } from '../../src/schema/index.ts'

type Content = { type: 'text'; text: string } | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }

const usage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
})

// a model that answers the n-th call with the n-th content, as a provider would
function scripted(replies: Content[][]): MockLanguageModelV3 {
  let call = 0
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const content = replies[call++] ?? [{ type: 'text', text: 'done' }]
      const calls = content.some((part) => part.type === 'tool-call')
      return { content, finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined }, usage: usage(10, 3), warnings: [] }
    },
  })
}

const tools = {
  multiply: tool({ inputSchema: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => a * b }),
  fail: tool({
    inputSchema: z.object({}),
    execute: async (): Promise<string> => {
      throw new Error('no network')
    },
  }),
}

describe('fromAiSdk', () => {
  it("turns a generateText result's steps into a trajectory: calls, results, a tool's error, usage, and a reply that ends it", async () => {
    const result = await generateText({
      model: scripted([
        [
          { type: 'text', text: 'Let me compute.' },
          { type: 'tool-call', toolCallId: 't1', toolName: 'multiply', input: '{"a":6,"b":7}' },
          { type: 'tool-call', toolCallId: 't2', toolName: 'fail', input: '{}' },
        ],
        [{ type: 'text', text: 'It is 42.' }],
      ]),
      tools,
      stopWhen: stepCountIs(5),
      prompt: 'What is 6 times 7?',
    })
    const trajectory = fromAiSdk(result)
    expect(TrajectorySchema.parse(trajectory)).toEqual(trajectory)
    expect(trajectory).toEqual({
      ended: 'reply',
      steps: [
        {
          text: 'Let me compute.',
          toolCalls: [
            { id: 't1', name: 'multiply', arguments: { a: 6, b: 7 }, rawArguments: '{"a":6,"b":7}' },
            { id: 't2', name: 'fail', arguments: {}, rawArguments: '{}' },
          ],
          toolResults: [
            { toolCallId: 't1', name: 'multiply', output: '42', durationMs: 0 },
            { toolCallId: 't2', name: 'fail', output: 'Error: no network', error: 'no network', durationMs: 0 },
          ],
          usage: { inputTokens: 10, outputTokens: 3 },
          latencyMs: 0,
        },
        { text: 'It is 42.', toolCalls: [], toolResults: [], usage: { inputTokens: 10, outputTokens: 3 }, latencyMs: 0 },
      ],
    })
  })

  it('says max-steps when the step limit cut a loop whose last calls all ran, and keeps an unparsable call as written', async () => {
    const result = await generateText({
      model: scripted([
        [{ type: 'tool-call', toolCallId: 't1', toolName: 'multiply', input: '{"a":6,' }],
        [{ type: 'tool-call', toolCallId: 't2', toolName: 'multiply', input: '{"a":6,"b":7}' }],
      ]),
      tools,
      stopWhen: stepCountIs(2),
      prompt: 'What is 6 times 7?',
    })
    const trajectory = fromAiSdk(result)
    expect(trajectory.ended).toBe('max-steps')
    expect(trajectory.steps[0]!.toolCalls[0]).toMatchObject({
      id: 't1',
      name: 'multiply',
      arguments: undefined,
      rawArguments: '{"a":6,',
      error: expect.stringContaining('JSON'),
    })
  })

  it('says tool-calls when the last calls were left without results (a tool without execute)', async () => {
    const result = await generateText({
      model: scripted([[{ type: 'tool-call', toolCallId: 't1', toolName: 'answer', input: '{"city":"Paris"}' }]]),
      tools: { answer: tool({ inputSchema: z.object({ city: z.string() }) }) },
      prompt: 'Which city?',
    })
    expect(fromAiSdk(result)).toMatchObject({
      ended: 'tool-calls',
      steps: [{ toolCalls: [{ name: 'answer', arguments: { city: 'Paris' } }], toolResults: [] }],
    })
  })

  it("reads a streamText result's steps once they arrive", async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: 'text-start', id: 'x' })
            controller.enqueue({ type: 'text-delta', id: 'x', delta: 'Hello' })
            controller.enqueue({ type: 'text-end', id: 'x' })
            controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage: usage(4, 1) })
            controller.close()
          },
        }),
      }),
    })
    const result = streamText({ model, prompt: 'Hi' })
    await result.consumeStream()
    expect(await fromAiSdk(result)).toEqual({
      ended: 'reply',
      steps: [{ text: 'Hello', toolCalls: [], toolResults: [], usage: { inputTokens: 4, outputTokens: 1 }, latencyMs: 0 }],
    })
  })
})
