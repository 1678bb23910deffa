import { describe, expect, it } from 'vitest'
import { mcnemarExact } from '../../src/metrics/index.ts'

// Reference values: scipy.stats.binomtest(min(b, c), b + c, 0.5).pvalue (SciPy 1.17), the two-sided exact binomial
// test on the discordant pairs, which is McNemar's exact test. By hand for b=1, c=9: 2 × (1 + 10) / 2^10 = 0.021484375.
describe('mcnemarExact', () => {
  it.each([
    [1, 9, 0.021484375],
    [5, 3, 0.7265625],
    [20, 2, 0.00012111663818359375],
    [0, 7, 0.015625],
    [3, 12, 0.03515625],
    [900, 1000, 0.023108845108901193],
  ])('gives the exact two-sided p-value for b=%i, c=%i', (b, c, expected) => {
    expect(mcnemarExact(b, c)).toBeCloseTo(expected, 12)
  })

  it('is symmetric in the two directions of change', () => {
    expect(mcnemarExact(9, 1)).toBe(mcnemarExact(1, 9))
  })

  it('is 1 for an even split and for no discordant pairs at all', () => {
    expect(mcnemarExact(10, 10)).toBe(1)
    expect(mcnemarExact(0, 0)).toBe(1)
  })

  it('refuses counts that are not counts', () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError)
    expect(() => mcnemarExact(1.5, 2)).toThrow('received b=1.5, c=2')
  })
})
