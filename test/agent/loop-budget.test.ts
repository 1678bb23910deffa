import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createToolLoop, runAgent } from '../../src/agent/index.ts'
import { CostLimitReached, withCostLimit } from '../../src/run/cost-limit.ts'
import { costOf, type Model, type ModelOutput } from '../../src/model/index.ts'

const price = { input: 10, output: 10 }

describe('maxCost in a tool loop', () => {
  it('stops the loop at the call that would pass the budget: every step is a call the budget counts', async () => {
    let calls = 0
    // every reply calls the tool again, for 100 tokens in and 100 out: $0.002 a step
    const model: Model = {
      name: 'looping',
      identity: { provider: 'test', model: 'looping', params: {} },
      price,
      async generate(): Promise<ModelOutput> {
        calls++
        const usage = { inputTokens: 100, outputTokens: 100 }
        return {
          text: '',
          toolCalls: [{ id: `c${calls}`, name: 'again', arguments: {}, rawArguments: '{}' }],
          latencyMs: 1,
          usage,
          costUsd: costOf(price, usage),
        }
      },
    }
    const budgeted = withCostLimit(model, 0.005, 'b')
    const loop = createToolLoop('b', { again: { parameters: z.object({}), execute: () => 'go on' } }, 10)
    const signal = new AbortController().signal
    const run = runAgent(
      loop,
      (messages, options) => budgeted.model.generate(messages as never, options),
      [{ role: 'user', content: 'x'.repeat(400) }],
      { sample: { id: 's', input: 'x' }, signal },
      { signal },
    )
    await expect(run).rejects.toThrow(CostLimitReached)
    expect(calls).toBe(2)
    expect(budgeted.spentUsd()).toBeCloseTo(0.004)
  })
})
