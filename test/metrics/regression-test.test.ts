import { describe, expect, it } from 'vitest'
import { createMeanTest, createRegressionTest, type RegressionTest } from '../../src/metrics/index.ts'

// Reference values: the independent NumPy implementation of the betting capital (see mean-test.test.ts), run on
// (1 + baseline - current) / 2 against (1 + maxDrop) / 2.
function samplesToDecide(test: RegressionTest, pair: (i: number) => [number, number]): number {
  let samples = 0
  while (test.observe(...pair(samples)) === null) samples++
  return samples + 1
}

describe('createRegressionTest', () => {
  it('decides "exceeds" when every tenth sample went from right to wrong (a 10-point drop, maxDrop 2 points)', () => {
    const test = createRegressionTest({ maxDrop: 0.02, alpha: 0.05 })
    expect(samplesToDecide(test, (i) => [1, i % 10 === 0 ? 0 : 1])).toBe(101)
    expect(test.decision).toBe('exceeds')
  })

  it("gives the confidence sequence of the drop itself, in the score's units", () => {
    const test = createRegressionTest({ maxDrop: 0.02, alpha: 0.05 })
    for (let i = 0; i < 300; i++) test.observe(1, i % 10 === 0 ? 0 : 1)
    expect(test.bounds()).toEqual({ lower: expect.closeTo(0.054, 9), upper: expect.closeTo(0.164, 9) })
  })

  it('rules a 2-point drop out after 174 samples when 1 in 50 improved and none got worse', () => {
    const test = createRegressionTest({ maxDrop: 0.02, alpha: 0.05 })
    expect(samplesToDecide(test, (i) => [0, i % 50 === 0 ? 1 : 0])).toBe(174)
    expect(test.decision).toBe('within')
  })

  it("with maxDrop 0 learns nothing from unchanged samples, as McNemar's test; with a larger maxDrop they rule the drop out", () => {
    const unchanged = (maxDrop: number): string | null => {
      const test = createRegressionTest({ maxDrop, alpha: 0.05 })
      for (let i = 0; i < 5000; i++) test.observe(i % 2, i % 2)
      return test.decision
    }
    expect(unchanged(0)).toBeNull()
    expect(unchanged(0.02)).toBe('within')
  })

  it('with maxDrop 0 decides on the discordant pairs as a betting test of a fair coin does', () => {
    const dropped = [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    const coin = createMeanTest({ threshold: 0.5, alpha: 0.05, minSamples: 1 })
    const paired = createRegressionTest({ maxDrop: 0, alpha: 0.05, minSamples: 1 })
    const decidedAt = { coin: 0, paired: 0 }
    for (const [i, drop] of dropped.entries()) {
      if (coin.observe(drop) && !decidedAt.coin) decidedAt.coin = i + 1
      if (paired.observe(drop, 1 - drop) && !decidedAt.paired) decidedAt.paired = i + 1
    }
    expect(decidedAt.paired).toBe(decidedAt.coin)
    expect([paired.decision, coin.decision]).toEqual(['within', 'below'])
  })

  it('refuses a negative maxDrop and scores outside [0, 1]', () => {
    expect(() => createRegressionTest({ maxDrop: -0.1, alpha: 0.05 })).toThrow('maxDrop must be at least 0 and below 1, received -0.1')
    expect(() => createRegressionTest({ maxDrop: 0.02, alpha: 0.05 }).observe(1, 2)).toThrow(
      'takes scores in [0, 1], received baseline 1 and current 2',
    )
  })
})
