import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { CostLimitReached, withCostLimit } from '../../src/run/cost-limit.ts'
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

describe('withCostLimit', () => {
  it('starts no call that would take the spend past maxCost, and refuses every later one', async () => {
    const { model, state } = meteredModel()
    const budget = withCostLimit(model, 0.011, 'bench')
    const outcomes: string[] = []
    for (let i = 0; i < 8; i++) {
      outcomes.push(
        await budget.model.generate(ask).then(
          () => 'ran',
          (error: unknown) => (error instanceof CostLimitReached ? 'not run' : 'error'),
        ),
      )
    }
    expect(outcomes).toEqual(['ran', 'ran', 'ran', 'ran', 'ran', 'not run', 'not run', 'not run'])
    expect(state.calls).toBe(5)
    expect(budget.spentUsd()).toBeCloseTo(0.01, 12)
  })

  it('counts the calls in flight, and sends the first alone so that estimates rest on a real reply', async () => {
    const { model, state } = meteredModel()
    const budget = withCostLimit(model, 0.011, 'bench')
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => budget.model.generate(ask)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5)
    expect(outcomes.filter((outcome) => outcome.status === 'rejected' && outcome.reason instanceof CostLimitReached)).toHaveLength(5)
    expect(state.inFlightAtCall[0]).toBe(1)
    expect(state.inFlightAtCall[1]).toBe(1)
    expect(state.maxInFlight).toBe(4)
    expect(budget.spentUsd()).toBeLessThanOrEqual(0.011)
  })

  it('says why a sample is not run', async () => {
    const { model } = meteredModel()
    const budget = withCostLimit(model, 0.003, 'bench')
    await budget.model.generate(ask)
    await expect(budget.model.generate(ask)).rejects.toThrowError(
      new CostLimitReached(
        'Not run: the next call (about $0.0020) would take the spend of "bench" past its maxCost of $0.0030 ($0.0020 spent).',
      ),
    )
  })

  it('stops after a reply without usage, whose cost cannot be known', async () => {
    const { model, state } = meteredModel({ usage: false })
    const budget = withCostLimit(model, 1, 'bench')
    await budget.model.generate(ask)
    await expect(budget.model.generate(ask)).rejects.toThrow(/model "metered" reports no token usage/)
    expect(state.calls).toBe(1)
  })

  it(
    'refuses a waiting call once the calls in flight have ended, whatever rounding their estimates left behind',
    { timeout: 2000 },
    async () => {
      const usage = { inputTokens: 100, outputTokens: 100 }
      const replies: (() => void)[] = []
      const model: Model = {
        name: 'metered',
        identity: { provider: 'test', model: 'metered', params: {} },
        price,
        generate: () =>
          new Promise<ModelOutput>((resolve) =>
            replies.push(() => resolve({ text: 'ok', latencyMs: 1, usage, costUsd: costOf(price, usage) })),
          ),
      }
      const budget = withCostLimit(model, 0.009, 'bench')
      const called = async (count: number): Promise<void> => {
        while (replies.length < count) await sleep(1)
      }
      const probe = budget.model.generate(ask)
      await called(1)
      replies[0]!()
      await probe
      // estimates for 1 and 6 characters: added, then taken away in the same order, they leave 2e-19 "reserved"
      const first = budget.model.generate([{ role: 'user', content: 'x' }])
      const second = budget.model.generate([{ role: 'user', content: 'x'.repeat(6) }])
      await called(3)
      const waiting = budget.model.generate([{ role: 'user', content: 'x'.repeat(4000) }])
      replies[1]!()
      await first
      replies[2]!()
      await second
      await expect(waiting).rejects.toThrow(CostLimitReached)
      expect(replies).toHaveLength(3)
    },
  )

  it('needs the model to have a price', () => {
    const { model } = meteredModel()
    expect(() => withCostLimit({ ...model, price: undefined }, 1, 'bench')).toThrow(ConfigError)
  })
})
