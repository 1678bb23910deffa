import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createToolLoop, runAgent, type AgentTools } from '../../src/agent/index.ts'
import { ConfigError } from '../../src/errors.ts'
import type { Sample } from '../../src/schema/index.ts'
import { scriptedModel } from './scripted-model.ts'

const sample: Sample = { id: 's1', input: 'Weather in Paris and Rome?', target: 'sunny' }
const ask = [{ role: 'user' as const, content: 'Weather in Paris and Rome?' }]
const signal = new AbortController().signal

function weatherTools(log: string[] = []): AgentTools {
  return {
    weather: {
      description: 'The weather in a city.',
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }: { city: string }) => {
        log.push(`start ${city}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
        log.push(`end ${city}`)
        return { city, sky: 'sunny' }
      },
    },
  }
}

describe('the tool loop', () => {
  it('runs the calls of a reply at once, sends their results back as tool messages, and stops at a reply without calls', async () => {
    const log: string[] = []
    const model = scriptedModel([
      {
        calls: [
          { name: 'weather', arguments: '{"city":"Paris"}' },
          { name: 'weather', arguments: '{"city":"Rome"}' },
        ],
      },
      { text: 'Both sunny.' },
    ])
    const output = await runAgent(createToolLoop('b', weatherTools(log), 10), model, ask, { sample, signal }, { signal })
    expect(log).toEqual(['start Paris', 'start Rome', 'end Paris', 'end Rome'])
    expect(output.text).toBe('Both sunny.')
    expect(output.usage).toEqual({ inputTokens: 20, outputTokens: 4 })
    expect(output.trajectory.ended).toBe('reply')
    expect(output.trajectory.steps.map((step) => step.toolResults.map((result) => result.output))).toEqual([
      ['{"city":"Paris","sky":"sunny"}', '{"city":"Rome","sky":"sunny"}'],
      [],
    ])
    expect(model.sent[1]!.slice(1)).toEqual([
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'c1_0', name: 'weather', arguments: '{"city":"Paris"}' },
          { id: 'c1_1', name: 'weather', arguments: '{"city":"Rome"}' },
        ],
      },
      { role: 'tool', toolCallId: 'c1_0', content: '{"city":"Paris","sky":"sunny"}' },
      { role: 'tool', toolCallId: 'c1_1', content: '{"city":"Rome","sky":"sunny"}' },
    ])
    expect(model.options[0]!.tools).toEqual([
      {
        name: 'weather',
        description: 'The weather in a city.',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
      },
    ])
  })

  it('ends at maxSteps with the tools still being called, and says so in the trajectory', async () => {
    const model = scriptedModel(
      Array.from({ length: 5 }, () => ({ text: 'again', calls: [{ name: 'weather', arguments: '{"city":"Oslo"}' }] })),
    )
    const output = await runAgent(createToolLoop('b', weatherTools(), 3), model, ask, { sample, signal }, { signal })
    expect(model.sent).toHaveLength(3)
    expect(output.trajectory.ended).toBe('max-steps')
    expect(output.trajectory.steps).toHaveLength(3)
  })

  it('ends when a tool without execute is called: its calls are the answer, not run', async () => {
    const model = scriptedModel([{ calls: [{ name: 'answer', arguments: '{"city":"Paris"}' }] }, { text: 'never asked' }])
    const tools: AgentTools = { answer: { parameters: { type: 'object', properties: { city: { type: 'string' } } } } }
    const output = await runAgent(createToolLoop('b', tools, 10), model, ask, { sample, signal }, { signal })
    expect(model.sent).toHaveLength(1)
    expect(output.trajectory).toMatchObject({
      ended: 'tool-calls',
      steps: [{ toolCalls: [{ name: 'answer', arguments: { city: 'Paris' } }], toolResults: [] }],
    })
  })

  it('refuses an empty tool set and a tool name an endpoint would refuse, naming the benchmark', () => {
    expect(() => createToolLoop('b', {}, 10)).toThrow(ConfigError)
    expect(() => createToolLoop('b', { 'no spaces': { parameters: {} } }, 10)).toThrow(
      'describeBenchmark("b"): Tool "no spaces": a tool\'s name is 1 to 64 letters',
    )
  })
})
