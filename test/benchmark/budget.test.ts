import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { BudgetExhausted, withBudget } from '../../src/benchmark/budget.ts'
import { ConfigError } from '../../src/errors.ts'
import { costOf, type Model, type ModelOutput } from '../../src/model/index.ts'

const price = { input: 10, output: 10 }

/** A model whose every call uses 100 tokens in and 100 out: $0.002 at the price above. */
function meteredModel(options: { usage?: boolean } = {}) {
  const state = { calls: 0, inFlight: 0, maxInFlight: 0, inFlightAtCall: [] as number[] }
  const model: Model = {
    name: 'metered',
    identity: { provider: 'test', model: 'metered', params: {} },
    price,
    async generate(): Promise<ModelOutput> {
      state.calls++
      state.inFlight++
      state.inFlightAtCall.push(state.inFlight)
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight)
      await sleep(5)
      state.inFlight--
      const usage = { inputTokens: 100, outputTokens: 100 }
      return options.usage === false ? { text: 'ok', latencyMs: 5 } : { text: 'ok', latencyMs: 5, usage, costUsd: costOf(price, usage) }
    },
  }
  return { model, state }
}

const ask = [{ role: 'user' as const, content: 'x'.repeat(400) }]

describe('withBudget', () => {
  it('starts no call that would take the spend past maxCost, and refuses every later one', async () => {
    const { model, state } = meteredModel()
    const budget = withBudget(model, 0.011, 'bench')
    const outcomes: string[] = []
    for (let i = 0; i < 8; i++) {
      outcomes.push(await budget.model.generate(ask).then(() => 'ran', (error: unknown) => (error instanceof BudgetExhausted ? 'not run' : 'error')))
    }
    expect(outcomes).toEqual(['ran', 'ran', 'ran', 'ran', 'ran', 'not run', 'not run', 'not run'])
    expect(state.calls).toBe(5)
    expect(budget.spentUsd()).toBeCloseTo(0.01, 12)
  })

  it('counts the calls in flight, and sends the first alone so that estimates rest on a real reply', async () => {
    const { model, state } = meteredModel()
    const budget = withBudget(model, 0.011, 'bench')
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => budget.model.generate(ask)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5)
    expect(outcomes.filter((outcome) => outcome.status === 'rejected' && outcome.reason instanceof BudgetExhausted)).toHaveLength(5)
    expect(state.inFlightAtCall[0]).toBe(1)
    expect(state.inFlightAtCall[1]).toBe(1)
    expect(state.maxInFlight).toBe(4)
    expect(budget.spentUsd()).toBeLessThanOrEqual(0.011)
  })

  it('says why a sample is not run', async () => {
    const { model } = meteredModel()
    const budget = withBudget(model, 0.003, 'bench')
    await budget.model.generate(ask)
    await expect(budget.model.generate(ask)).rejects.toThrowError(
      new BudgetExhausted('Not run: the next call (about $0.0020) would take the spend of "bench" past its maxCost of $0.0030 ($0.0020 spent).'),
    )
  })

  it('stops after a reply without usage, whose cost cannot be known', async () => {
    const { model, state } = meteredModel({ usage: false })
    const budget = withBudget(model, 1, 'bench')
    await budget.model.generate(ask)
    await expect(budget.model.generate(ask)).rejects.toThrow(/model "metered" reports no token usage/)
    expect(state.calls).toBe(1)
  })

  it('needs the model to have a price', () => {
    const { model } = meteredModel()
    expect(() => withBudget({ ...model, price: undefined }, 1, 'bench')).toThrow(ConfigError)
  })
})
