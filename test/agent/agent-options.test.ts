import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { maxStepsNote, stepNotes } from '../../src/agent/index.ts'
import { parseTaskResult } from '../../src/benchmark/index.ts'
import { resolveNamed } from '../../src/benchmark/resolve-benchmark.ts'
import { ConfigError } from '../../src/errors.ts'
import type { Model } from '../../src/model/index.ts'
import type { Trajectory } from '../../src/schema/index.ts'

const model: Model = {
  name: 'm',
  generate: async () => ({ text: '', latencyMs: 0 }),
  scoreChoices: async () => ({ logprobs: [], latencyMs: 0 }),
}
const dataset = [{ id: 'a', input: 'x', target: 'y' }]
const tools = { search: { parameters: z.object({ q: z.string() }), execute: () => 'r' } }

describe('the tools and maxSteps options', () => {
  it('are taken with a model', () => {
    expect(resolveNamed('agent', { dataset, model, tools, maxSteps: 3 }, undefined, undefined).run).toMatchObject({ tools, maxSteps: 3 })
  })

  it('are refused with a task, which runs its own agent', () => {
    expect(() => resolveNamed('agent', { dataset, task: () => 'y', tools }, undefined, undefined)).toThrow(
      'describeBenchmark("agent"): "tools" and "maxSteps" run a tool loop around "model"; a task runs its own agent, and returns { output, trajectory } (see fromAiSdk).',
    )
  })

  it('are refused with an inferMethod that scores choices', () => {
    expect(() => resolveNamed('agent', { dataset, model, tools, inferMethod: 'logprobs' }, undefined, undefined)).toThrow(ConfigError)
  })

  it('refuse a malformed tool and step limit, naming the option', () => {
    expect(() =>
      resolveNamed(
        'agent',
        { dataset, model, tools: { search: { parameters: {}, timeoutMs: -1, retries: 2 } } as never, maxSteps: 0 },
        undefined,
        undefined,
      ),
    ).toThrow(/option "tools\.search\.timeoutMs".*option "tools\.search".*Unrecognized key: "retries".*option "maxSteps"/)
  })
})

const trajectory: Trajectory = {
  ended: 'max-steps',
  steps: [
    {
      text: 'Looking.',
      toolCalls: [
        { id: 'c1', name: 'search', arguments: { q: 'x' }, rawArguments: '{"q":"x"}' },
        { id: 'c2', name: 'search', arguments: undefined, rawArguments: '{"q":', error: 'arguments are not valid JSON' },
      ],
      toolResults: [
        { toolCallId: 'c1', name: 'search', output: 'found x', durationMs: 1.25, replayed: true },
        {
          toolCallId: 'c2',
          name: 'search',
          output: 'Error: arguments are not valid JSON',
          error: 'arguments are not valid JSON',
          durationMs: 0,
        },
      ],
      latencyMs: 40,
    },
    {
      text: '',
      toolCalls: [{ id: 'c3', name: 'search', arguments: { q: 'y' }, rawArguments: '{"q":"y"}' }],
      toolResults: [{ toolCallId: 'c3', name: 'search', output: 'y'.repeat(300), durationMs: 2 }],
      latencyMs: 30,
    },
  ],
}

describe('what a sample says of its trajectory', () => {
  it('annotates each step: the model, then each call with its arguments, result excerpt and time', () => {
    expect(stepNotes(trajectory)).toEqual([
      [
        'model 40 ms: "Looking."\nsearch({"q":"x"}) → "found x" (replayed, 1.3 ms)\nsearch({"q": (arguments are not valid JSON)) → error "Error: arguments are not valid JSON" (0 ms)',
        'step.1',
      ],
      [`model 30 ms\nsearch({"q":"y"}) → "${'y'.repeat(200)}…" (2 ms)`, 'step.2'],
    ])
  })

  it('says when the loop hit maxSteps, and nothing when it ended on a reply', () => {
    expect(maxStepsNote(trajectory)).toBe(
      'the tool loop hit maxSteps after 2 steps; its last reply still called "search", so the output is that reply\'s text. Raise maxSteps if the agent needs more steps.',
    )
    expect(maxStepsNote({ ...trajectory, ended: 'reply' })).toBeUndefined()
  })
})

describe('a task that returns a trajectory', () => {
  it('is taken as { output, trajectory }, the trajectory checked', () => {
    expect(parseTaskResult('own', { id: 'a', input: 'x' }, { output: 'done', trajectory })).toEqual({ output: 'done', trajectory })
    expect(() => parseTaskResult('own', { id: 'a', input: 'x' }, { output: 'done', trajectory: { steps: 'none' } })).toThrow(
      'describeBenchmark("own"): the task returned',
    )
  })
})
