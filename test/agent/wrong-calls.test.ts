import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createToolLoop, runAgent, type AgentTools } from '../../src/agent/index.ts'
import type { Sample } from '../../src/schema/index.ts'
import { scriptedModel, type ScriptedReply } from './scripted-model.ts'

const sample: Sample = { id: 's1', input: 'Add 2 and 3.' }
const ask = [{ role: 'user' as const, content: 'Add 2 and 3.' }]

function tools(counts: { add: number }): AgentTools {
  return {
    add: {
      parameters: z.object({ a: z.number(), b: z.number() }),
      execute: ({ a, b }: { a: number; b: number }) => {
        counts.add++
        return String(a + b)
      },
    },
    explode: {
      parameters: { type: 'object', properties: {} },
      execute: () => {
        throw new Error('the disk is on fire')
      },
    },
    lookup: {
      parameters: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'], additionalProperties: false },
      execute: ({ key }: { key: string }) => `value of ${key}`,
    },
    slow: {
      parameters: { type: 'object' },
      timeoutMs: 30,
      // ignores its signal: the loop must not wait for it
      execute: () => new Promise((resolve) => setTimeout(() => resolve('late'), 5_000)),
    },
  }
}

async function oneStep(reply: ScriptedReply) {
  const signal = new AbortController().signal
  const counts = { add: 0 }
  const model = scriptedModel([reply, { text: 'sorry' }])
  const output = await runAgent(createToolLoop('b', tools(counts), 10), model, ask, { sample, signal }, { signal })
  return { counts, output, model, results: output.trajectory.steps[0]!.toolResults }
}

describe('wrong calls and failing tools', () => {
  it('returns what a tool threw to the model as its result, marked as an error, and goes on', async () => {
    const { output, results, model } = await oneStep({ calls: [{ name: 'explode', arguments: '{}' }] })
    expect(results).toEqual([
      {
        toolCallId: 'c1_0',
        name: 'explode',
        output: 'Error: the disk is on fire',
        error: 'the disk is on fire',
        durationMs: expect.any(Number),
      },
    ])
    expect(model.sent[1]!.at(-1)).toEqual({ role: 'tool', toolCallId: 'c1_0', content: 'Error: the disk is on fire' })
    expect(output.trajectory.ended).toBe('reply')
  })

  it('counts arguments that are not JSON as a wrong call, running nothing', async () => {
    const { counts, results, output } = await oneStep({ calls: [{ name: 'add', arguments: '{"a": 2, "b": ' }] })
    expect(counts.add).toBe(0)
    expect(results[0]!.error).toMatch(/^arguments are not valid JSON \(.+\)$/)
    expect(output.trajectory.steps[0]!.toolCalls[0]).toMatchObject({
      arguments: undefined,
      rawArguments: '{"a": 2, "b": ',
      error: expect.stringMatching(/^arguments are not valid JSON \(.+\)$/),
    })
  })

  it("tells the model of arguments that are not JSON in its own words, not the parser's, which change with Node", async () => {
    const { results, model } = await oneStep({ calls: [{ name: 'add', arguments: '{"a": 2,}' }] })
    expect(results[0]!.error).not.toBe('arguments are not valid JSON')
    expect(results[0]!.output).toBe('Error: arguments are not valid JSON')
    expect(model.sent[1]!.at(-1)).toEqual({ role: 'tool', toolCallId: 'c1_0', content: 'Error: arguments are not valid JSON' })
  })

  it('counts a call to an unknown tool as a wrong call, naming the tools there are', async () => {
    const { results } = await oneStep({ calls: [{ name: 'subtract', arguments: '{"a":2,"b":3}' }] })
    expect(results[0]!.error).toBe('unknown tool "subtract"; the tools are "add", "explode", "lookup", "slow"')
  })

  it('counts arguments that fail a zod schema as a wrong call, saying which argument, and runs nothing', async () => {
    const { counts, results } = await oneStep({ calls: [{ name: 'add', arguments: '{"a":"2","b":3}' }] })
    expect(counts.add).toBe(0)
    expect(results[0]!.error).toBe(
      'the arguments do not fit the parameters of "add": argument "a" Invalid input: expected number, received string',
    )
  })

  it('counts arguments that fail a JSON Schema object (a missing required key, an unknown key, a wrong type) as wrong calls', async () => {
    const { results } = await oneStep({
      calls: [
        { name: 'lookup', arguments: '{}' },
        { name: 'lookup', arguments: '{"key":"k","other":1}' },
        { name: 'lookup', arguments: '{"key":7}' },
        { name: 'lookup', arguments: '{"key":"k"}' },
      ],
    })
    expect(results.map((result) => result.error ?? result.output)).toEqual([
      'the arguments do not fit the parameters of "lookup": "key" is required',
      'the arguments do not fit the parameters of "lookup": "other" is not a parameter',
      'the arguments do not fit the parameters of "lookup": "key" must be string, received 7',
      'value of k',
    ])
  })

  it("abandons a call past its tool's timeoutMs with a timeout error, without waiting for the tool", async () => {
    const started = performance.now()
    const { results } = await oneStep({ calls: [{ name: 'slow', arguments: '{}' }] })
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(results[0]!.error).toBe('tool "slow" timed out after 30 ms')
  })

  it("stops the loop when the sample's signal aborts (its time limit), rather than returning an error to the model", async () => {
    let aborted = false
    const never: AgentTools = {
      wait: {
        parameters: {},
        execute: (_args: unknown, { signal }: { signal: AbortSignal }) => {
          signal.addEventListener('abort', () => (aborted = true))
          return new Promise(() => undefined)
        },
      },
    }
    const model = scriptedModel([{ calls: [{ name: 'wait', arguments: '{}' }] }])
    const stopping = new AbortController()
    setTimeout(() => stopping.abort(new Error('the test timed out')), 30)
    await expect(
      runAgent(createToolLoop('b', never, 10), model, ask, { sample, signal: stopping.signal }, { signal: stopping.signal }),
    ).rejects.toThrow('the test timed out')
    expect(aborted).toBe(true)
    expect(model.sent).toHaveLength(1)
  })
})
