import { describe, expect, it } from 'vitest'
import { createRandom, hashText, seededIndices, seededShuffle } from '../../src/random/index.ts'

const hundred = Array.from({ length: 100 }, (_, i) => i)

describe('seeded randomness', () => {
  it('draws the same numbers for the same seed, and other numbers for another seed', () => {
    const draw = (seed: number): number[] => Array.from({ length: 5 }, createRandom(seed))
    expect(draw(7)).toEqual(draw(7))
    expect(draw(7)).not.toEqual(draw(8))
    for (const value of draw(7)) expect(value >= 0 && value < 1).toBe(true)
  })

  it('keeps the sequences that committed recordings, baselines and intervals were drawn with', () => {
    expect(createRandom(1)()).toBe(0.6270739405881613)
    expect(seededShuffle([0, 1, 2, 3, 4, 5, 6, 7], 42)).toEqual([6, 5, 3, 4, 0, 1, 7, 2])
  })

  it('hashes a text the same way every time, and spreads near-identical texts apart', () => {
    expect(hashText('gsm8k-1')).toBe(hashText('gsm8k-1'))
    expect(hashText('gsm8k-1')).not.toBe(hashText('gsm8k-2'))
    expect(hashText('')).toBe(0x811c9dc5)
  })

  it('shuffles into a permutation fixed by the seed, leaving the input untouched', () => {
    const input = [...hundred]
    const shuffled = seededShuffle(input, 42)
    expect(input).toEqual(hundred)
    expect([...shuffled].sort((a, b) => a - b)).toEqual(hundred)
    expect(shuffled).not.toEqual(hundred)
    expect(seededShuffle(input, 42)).toEqual(shuffled)
    expect(seededShuffle(input, 43)).not.toEqual(shuffled)
  })

  it('puts each item in each position about equally often over many seeds', () => {
    const counts = Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => 0))
    for (let seed = 0; seed < 10_000; seed++) {
      seededShuffle([0, 1, 2, 3, 4], seed).forEach((item, position) => counts[item]![position]!++)
    }
    // 2,000 expected per cell; a biased shuffle (e.g. sorting by a random key) misses this by hundreds
    for (const row of counts) for (const count of row) expect(Math.abs(count - 2000)).toBeLessThan(150)
  })

  it('draws indices lazily as a seeded permutation', () => {
    const all = [...seededIndices(50, 'seed')]
    expect([...all].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i))
    expect([...seededIndices(50, 'seed')]).toEqual(all)
    const firstThree: number[] = []
    for (const index of seededIndices(50, 'seed')) {
      firstThree.push(index)
      if (firstThree.length === 3) break
    }
    expect(firstThree).toEqual(all.slice(0, 3))
  })
})
