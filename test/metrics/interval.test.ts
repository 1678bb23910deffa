import { describe, expect, it } from 'vitest'
import { tInterval, wilsonInterval } from '../../src/metrics/index.ts'

describe('wilsonInterval', () => {
  it('gives the known 95% Wilson interval for 7 successes out of 10', () => {
    const interval = wilsonInterval(7, 10)
    expect(interval).toMatchObject({ level: 0.95, method: 'wilson' })
    expect(interval!.lower).toBeCloseTo(0.3968, 4)
    expect(interval!.upper).toBeCloseTo(0.8922, 4)
  })

  it('gives the known interval for 3 out of 4', () => {
    const interval = wilsonInterval(3, 4)!
    expect(interval.lower).toBeCloseTo(0.3006, 4)
    expect(interval.upper).toBeCloseTo(0.9544, 4)
  })

  it('starts at exactly 0 when nothing succeeded, and is not a point there', () => {
    const interval = wilsonInterval(0, 10)!
    expect(interval.lower).toBe(0)
    expect(interval.upper).toBeCloseTo(0.2775, 4)
  })

  it('ends at exactly 1 when everything succeeded, and is not a point there', () => {
    const interval = wilsonInterval(10, 10)!
    expect(interval.upper).toBe(1)
    expect(interval.lower).toBeCloseTo(0.7225, 4)
  })

  it('narrows as the number of samples grows', () => {
    const small = wilsonInterval(7, 10)!
    const large = wilsonInterval(700, 1000)!
    expect(large.upper - large.lower).toBeLessThan((small.upper - small.lower) / 5)
    expect(large.lower).toBeCloseTo(0.6709, 4)
    expect(large.upper).toBeCloseTo(0.7276, 4)
  })

  it('has no interval without samples', () => {
    expect(wilsonInterval(0, 0)).toBeNull()
  })
})

describe('tInterval', () => {
  it('gives the known 95% t interval of a small sample', () => {
    // t.test(1:5) in R: 1.036757 4.963243
    const interval = tInterval([1, 2, 3, 4, 5])
    expect(interval).toMatchObject({ level: 0.95, method: 't' })
    expect(interval!.lower).toBeCloseTo(1.0368, 3)
    expect(interval!.upper).toBeCloseTo(4.9632, 3)
  })

  it('uses the t quantile of one degree of freedom for two values', () => {
    // t.test(c(0.2, 0.4)) in R: -0.9706205 1.5706205
    const interval = tInterval([0.2, 0.4])!
    expect(interval.lower).toBeCloseTo(-0.9706, 3)
    expect(interval.upper).toBeCloseTo(1.5706, 3)
  })

  it('is a point for values that are all equal', () => {
    expect(tInterval([0.5, 0.5, 0.5])).toEqual({ lower: 0.5, upper: 0.5, level: 0.95, method: 't' })
  })

  it('has no interval for fewer than two values', () => {
    expect(tInterval([])).toBeNull()
    expect(tInterval([0.4])).toBeNull()
  })
})
