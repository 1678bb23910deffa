import { describe, expect, it } from 'vitest'
import { selectShard } from '../../src/selection/shard.ts'
import { parseShard, shardFromEnvironment } from '../../src/schema/index.ts'
import { seededShuffle } from '../../src/random/index.ts'

const ids = Array.from({ length: 1001 }, (_, i) => `mmlu-${i}`)
const self = (id: string): string => id

describe('selectShard', () => {
  it('splits the samples into shards whose union is the whole, with no sample in two shards', () => {
    for (const count of [1, 2, 3, 7]) {
      const shards = Array.from({ length: count }, (_, i) => selectShard(ids, self, { index: i + 1, count }))
      const all = shards.flat()
      expect(all).toHaveLength(ids.length)
      expect(new Set(all).size).toBe(ids.length)
      // balanced: sizes differ by at most one
      const sizes = shards.map((shard) => shard.length)
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    }
  })

  it('assigns by sample id, not by position: reordering the file moves no sample to another shard', () => {
    const shuffled = seededShuffle(ids, 3)
    for (const index of [1, 2, 3]) {
      const inOrder = selectShard(ids, self, { index, count: 3 })
      expect(new Set(selectShard(shuffled, self, { index, count: 3 }))).toEqual(new Set(inOrder))
    }
  })

  it('mixes the samples: a shard is not a contiguous block of the file', () => {
    const first = selectShard(ids, self, { index: 1, count: 2 })
    expect(first.filter((id) => Number(id.slice(5)) < 500).length).toBeGreaterThan(200)
    expect(first.filter((id) => Number(id.slice(5)) >= 500).length).toBeGreaterThan(200)
  })

  it('keeps the order of the input within a shard', () => {
    const shard = selectShard(ids, self, { index: 2, count: 4 })
    expect(shard).toEqual(ids.filter((id) => shard.includes(id)))
  })
})

describe('parseShard and EVALSUITE_SHARD', () => {
  it('reads "i/n"', () => {
    expect(parseShard('2/4', 'EVALSUITE_SHARD')).toEqual({ index: 2, count: 4 })
    expect(parseShard(' 1 / 1 ', 'EVALSUITE_SHARD')).toEqual({ index: 1, count: 1 })
    expect(shardFromEnvironment({ EVALSUITE_SHARD: '3/5' })).toEqual({ index: 3, count: 5 })
    expect(shardFromEnvironment({})).toBeUndefined()
    expect(shardFromEnvironment({ EVALSUITE_SHARD: '' })).toBeUndefined()
  })

  it('refuses a shard out of range or not written i/n', () => {
    expect(() => shardFromEnvironment({ EVALSUITE_SHARD: '0/4' })).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: EVALSUITE_SHARD must be "i/n" with 1 ≤ i ≤ n, e.g. "2/4"; received "0/4".]`,
    )
    expect(() => parseShard('5/4', 'EVALSUITE_SHARD')).toThrow('received "5/4"')
    expect(() => parseShard('2 of 4', 'EVALSUITE_SHARD')).toThrow('received "2 of 4"')
  })
})
