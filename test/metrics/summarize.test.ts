import { describe, expect, it } from 'vitest'
import { quantile, summarize, tInterval, wilsonInterval } from '../../src/metrics/index.ts'

describe('summarize', () => {
  it('gives the mean and a Wilson interval when every value is 0 or 1', () => {
    expect(summarize([1, 0, 1, 1])).toEqual({ n: 4, value: 0.75, interval: wilsonInterval(3, 4) })
    expect(summarize([1])).toEqual({ n: 1, value: 1, interval: wilsonInterval(1, 1) })
  })

  it('gives the mean and a t interval for continuous scores', () => {
    const values = [0.5, 1, 0.25, 0]
    expect(summarize(values)).toEqual({ n: 4, value: 0.4375, interval: tInterval(values) })
    expect(summarize(values).interval?.method).toBe('t')
  })

  it('has no value and no interval without values', () => {
    expect(summarize([])).toEqual({ n: 0, value: null, interval: null })
  })

  it('has a value but no interval for a single continuous score', () => {
    expect(summarize([0.25])).toEqual({ n: 1, value: 0.25, interval: null })
  })
})

describe('quantile', () => {
  it('interpolates linearly between the two nearest values', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5)
    expect(quantile([1, 2, 3, 4], 0.9)).toBeCloseTo(3.7, 10)
    expect(quantile([10, 20], 0.25)).toBe(12.5)
  })

  it('gives the smallest and largest value at 0 and 1', () => {
    expect(quantile([3, 1, 2], 0)).toBe(1)
    expect(quantile([3, 1, 2], 1)).toBe(3)
  })

  it("sorts the values numerically without changing the caller's list", () => {
    const values = [100, 9, 20]
    expect(quantile(values, 0.5)).toBe(20)
    expect(values).toEqual([100, 9, 20])
  })

  it('gives the only value for any q, and null without values', () => {
    expect(quantile([7], 0.99)).toBe(7)
    expect(quantile([], 0.5)).toBeNull()
  })
})
