import { describe, expect, it } from 'vitest'
import { attemptKey, limitCount, planAttempts, selectSamples } from '../../src/selection/plan-samples.ts'
import { ConfigError } from '../../src/errors.ts'
import type { Sample } from '../../src/schema/index.ts'

const samples: Sample[] = Array.from({ length: 20 }, (_, i) => ({ id: `s${i}`, input: `question ${i}`, target: String(i % 2) }))
const ids = (list: readonly { id: string }[]): string[] => list.map((s) => s.id)
const inOrder = { shuffle: false, seed: 0 }

describe('selectSamples', () => {
  it('keeps the file order and every sample by default', () => {
    expect(ids(selectSamples(samples, inOrder, 'here'))).toEqual(ids(samples))
  })

  it('takes a count limit from the start, or a fraction rounded down', () => {
    expect(ids(selectSamples(samples, { ...inOrder, limit: 3 }, 'here'))).toEqual(['s0', 's1', 's2'])
    expect(selectSamples(samples, { ...inOrder, limit: 0.25 }, 'here')).toHaveLength(5)
    expect(selectSamples(samples, { ...inOrder, limit: 0.26 }, 'here')).toHaveLength(5)
    expect(selectSamples(samples, { ...inOrder, limit: 500 }, 'here')).toHaveLength(20)
  })

  it('keeps at least one sample for a fraction too small to round to one', () => {
    expect(limitCount(20, 0.01)).toBe(1)
  })

  it('shuffles with the seed before taking the limit, the same way on every run', () => {
    const first = selectSamples(samples, { shuffle: true, seed: 1, limit: 5 }, 'here')
    expect(ids(selectSamples(samples, { shuffle: true, seed: 1, limit: 5 }, 'here'))).toEqual(ids(first))
    expect(ids(first)).not.toEqual(['s0', 's1', 's2', 's3', 's4'])
    expect(ids(selectSamples(samples, { shuffle: true, seed: 2, limit: 5 }, 'here'))).not.toEqual(ids(first))
    // the limited run is the head of the full shuffled order
    expect(ids(selectSamples(samples, { shuffle: true, seed: 1 }, 'here')).slice(0, 5)).toEqual(ids(first))
  })

  it('filters after the limit, so the limit counts samples before filtering', () => {
    const odd = (sample: Sample): boolean => sample.target === '1'
    expect(ids(selectSamples(samples, { ...inOrder, limit: 6, filter: odd }, 'here'))).toEqual(['s1', 's3', 's5'])
  })

  it('names the sample when the filter throws', () => {
    const filter = (sample: Sample): boolean => {
      if (sample.id === 's4') throw new Error('no metadata')
      return true
    }
    expect(() => selectSamples(samples, { ...inOrder, filter }, 'describeBenchmark("x")')).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("x"): the filter threw for sample "s4": no metadata]`,
    )
    expect(() => selectSamples(samples, { ...inOrder, filter }, 'here')).toThrow(ConfigError)
  })
})

describe('planAttempts', () => {
  it('runs each sample once under its own id without repeats', () => {
    expect(planAttempts(samples.slice(0, 2), undefined, 1)).toEqual([
      { key: 's0', sample: samples[0], attempt: 0 },
      { key: 's1', sample: samples[1], attempt: 0 },
    ])
  })

  it('puts the k attempts of a sample side by side, keyed <id>#<attempt> and sharing the sample', () => {
    const planned = planAttempts(samples.slice(0, 2), undefined, 3)
    expect(planned.map((p) => [p.key, p.sample.id, p.attempt])).toEqual([
      ['s0#0', 's0', 0],
      ['s0#1', 's0', 1],
      ['s0#2', 's0', 2],
      ['s1#0', 's1', 0],
      ['s1#1', 's1', 1],
      ['s1#2', 's1', 2],
    ])
    expect(attemptKey('s0', 0, 1)).toBe('s0')
  })

  it('keeps every attempt of a sample in the same shard', () => {
    const one = planAttempts(samples, { index: 1, count: 2 }, 2)
    const two = planAttempts(samples, { index: 2, count: 2 }, 2)
    expect(one.length + two.length).toBe(40)
    const shardsOf = new Map<string, Set<number>>()
    for (const [shard, planned] of [
      [1, one],
      [2, two],
    ] as const) {
      for (const { sample } of planned) shardsOf.set(sample.id, (shardsOf.get(sample.id) ?? new Set()).add(shard))
    }
    expect(shardsOf.size).toBe(20)
    for (const shards of shardsOf.values()) expect(shards.size).toBe(1)
  })
})
