import { describe, expect, it } from 'vitest'
import { aggregateMetric, stratifiedInterval, wilsonInterval, type Observation } from '../../src/metrics/index.ts'

const unit = { min: 0, max: 1 }

function samples(subset: string | null, values: readonly number[], prefix: string): Observation[] {
  return values.map((value, i) => ({ sample: `${prefix}${i}`, attempt: 0, subset, value, answer: null }))
}

describe('aggregateMetric: subsets', () => {
  // By hand: subset "easy" 6 of 8 right (0.75), subset "hard" 0 of 2 (0). Micro: every sample weighs the same,
  // 6 / 10 = 0.6. Macro: every subset weighs the same, (0.75 + 0) / 2 = 0.375.
  const observations = [...samples('easy', [1, 1, 1, 0, 1, 1, 0, 1], 'e'), ...samples('hard', [0, 0], 'h')]
  const rows = aggregateMetric(observations, { attempts: 1, range: unit })

  it('gives the micro mean, the macro mean and each subset, in that order', () => {
    expect(rows.map((row) => [row.subset, row.averaging, row.n, row.value])).toEqual([
      [null, 'micro', 10, 0.6],
      [null, 'macro', 10, 0.375],
      ['easy', 'micro', 8, 0.75],
      ['hard', 'micro', 2, 0],
    ])
  })

  it('gives Wilson intervals to pass/fail means and a stratified interval to the macro mean', () => {
    expect(rows[0]!.interval).toEqual(wilsonInterval(6, 10))
    expect(rows[2]!.interval).toEqual(wilsonInterval(6, 8))
    expect(rows[1]!.interval).toEqual(stratifiedInterval([[1, 1, 1, 0, 1, 1, 0, 1].map((value) => [value]), [[0], [0]]]))
  })

  it('flags rows of fewer than 30 samples', () => {
    expect(rows.every((row) => row.smallSample)).toBe(true)
    const large = aggregateMetric(
      samples(
        null,
        Array.from({ length: 30 }, (_, i) => i % 2),
        's',
      ),
      { attempts: 1, range: unit },
    )
    expect(large.map((row) => row.smallSample)).toEqual([false])
  })

  it('has a single overall row without subsets, or with only one', () => {
    expect(aggregateMetric(samples('only', [1, 0], 'o'), { attempts: 1, range: unit })).toHaveLength(1)
  })

  it('gives one attempt per sample the same rows as grouping the attempts by sample would', () => {
    // a run planned with two attempts whose second ones all errored groups each sample's single value: the rows it
    // shares with a one-attempt run must not depend on the shortcut that run takes
    const values = [...samples('easy', [1, 0, 1, 1], 'e'), ...samples('hard', [0.5, 0, 1], 'h'), ...samples(null, [1], 'n')]
    const grouped = aggregateMetric(values, { attempts: 2, range: unit }).filter((row) => row.aggregation === 'mean')
    expect(aggregateMetric(values, { attempts: 1, range: unit })).toEqual(grouped)
    expect(grouped.map((row) => row.subset)).toEqual([null, null, '(none)', 'easy', 'hard'])
  })

  it('clips a t interval to the metric range, widened below 30 samples to the Wilson bound of the range', () => {
    const [row] = aggregateMetric(samples(null, [0.9, 1, 0.95, 0.2], 'c'), { attempts: 1, range: unit })
    expect(row!.interval).toMatchObject({ method: 'bounded-t', upper: 1 })
  })
})

describe('aggregateMetric: repeated attempts', () => {
  // Four samples planned with 4 attempts each. s4 has only 3 scored attempts (one errored), so k aggregations leave
  // it out. By hand, over s1..s3: pass@4 = (1 + 1 + 0) / 3 (s2 passed once), pass^4 = (1 + 0 + 0) / 3, majority
  // vote = (1 + 0 + 0) / 3 (s2's most frequent answer "B" is wrong). The mean takes every scored attempt: 7 / 15.
  const attempt = (sample: string, index: number, value: number, answer: string): Observation => ({
    sample,
    attempt: index,
    subset: null,
    value,
    answer,
  })
  const observations = [
    ...['A', 'A', 'A', 'A'].map((answer, i) => attempt('s1', i, 1, answer)),
    ...['A', 'B', 'B', 'C'].map((answer, i) => attempt('s2', i, answer === 'A' ? 1 : 0, answer)),
    ...['X', 'X', 'X', 'X'].map((answer, i) => attempt('s3', i, 0, answer)),
    attempt('s4', 0, 1, 'A'),
    attempt('s4', 2, 1, 'A'),
    attempt('s4', 3, 0, 'B'),
  ]
  const rows = aggregateMetric(observations, { attempts: 4, range: unit })

  it('gives the mean over attempts with an interval clustered by sample', () => {
    expect(rows[0]).toMatchObject({ aggregation: 'mean', k: null, n: 15, samples: 4, excluded: 0, value: 7 / 15 })
    expect(rows[0]!.interval!.method).toBe('cluster-wilson')
  })

  it('gives pass@k, pass^k and majority vote at k over the samples with k scored attempts, counting the rest', () => {
    expect(rows.slice(1).map((row) => [row.aggregation, row.k, row.n, row.excluded, row.value])).toEqual([
      ['pass_at_k', 4, 3, 1, 2 / 3],
      ['pass_hat_k', 4, 3, 1, 1 / 3],
      ['majority_vote', 4, 3, 1, 1 / 3],
    ])
    expect(rows[1]!.interval).toEqual(wilsonInterval(2, 3))
  })

  it('gives continuous scores only a mean, as pass@k needs pass/fail', () => {
    const continuous = observations.map((o) => ({ ...o, value: o.value * 0.5 + 0.25 }))
    expect(aggregateMetric(continuous, { attempts: 4, range: unit }).map((row) => row.aggregation)).toEqual(['mean'])
  })
})
