import { describe, expect, it } from 'vitest'
import { comparePairedStatistic, pairedBootstrap, type SetStatistic } from '../../src/metrics/index.ts'

// the mean of the chosen items of each run: a figure of the set whose change is easy to check by hand
const meanOf =
  (values: readonly number[]): SetStatistic =>
  (items) =>
    items.reduce((sum, i) => sum + values[i]!, 0) / items.length

describe('comparePairedStatistic', () => {
  it('finds no change where both runs give the same items, with an interval of 0', () => {
    const values = [1, 0, 1, 1, 0, 1, 0, 1]
    expect(comparePairedStatistic(values.length, meanOf(values), meanOf(values))).toEqual({
      baseline: 0.625,
      current: 0.625,
      delta: 0,
      interval: { lower: 0, upper: 0, level: 0.95, method: 'bootstrap' },
      pValue: 1,
    })
  })

  it('draws the resamples pairedBootstrap draws, so for a mean it gives the same interval and p-value', () => {
    const before = Array.from({ length: 40 }, (_, i) => i % 2)
    const after = before.map((value, i) => (i < 12 ? 0 : value))
    const test = comparePairedStatistic(40, meanOf(before), meanOf(after))!
    const reference = pairedBootstrap(after.map((value, i) => value - before[i]!))
    expect(test.delta).toBeCloseTo(-0.15, 12)
    expect(test.pValue).toBeCloseTo(reference.pValue, 12)
    expect(test.interval!.lower).toBeCloseTo(reference.interval!.lower, 12)
    expect(test.interval!.upper).toBeCloseTo(reference.interval!.upper, 12)
  })

  it('is null where the figure is undefined on either run, and has no interval where most resamples leave it undefined', () => {
    const undefinedOnAll: SetStatistic = () => null
    expect(comparePairedStatistic(10, undefinedOnAll, meanOf(new Array<number>(10).fill(1)))).toBeNull()
    // defined on the items as they are, and on almost no resample of them
    const rare: SetStatistic = (items) => (items.every((item, i) => item === i) ? 1 : null)
    expect(comparePairedStatistic(10, rare, rare)).toMatchObject({ delta: 0, interval: null, pValue: 1 })
  })
})
