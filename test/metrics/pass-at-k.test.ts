import { describe, expect, it } from 'vitest'
import { majorityVote, passAtK, passHatK } from '../../src/metrics/index.ts'

// Reference values: exact fractions from Python's fractions.Fraction and math.comb,
// pass@k = 1 - C(n-c, k) / C(n, k) (Chen et al. 2021) and pass^k = C(c, k) / C(n, k) (Yao et al. 2024, τ-bench).
describe('passAtK', () => {
  it.each([
    [10, 3, 1, 3 / 10],
    [10, 3, 5, 11 / 12],
    [10, 0, 3, 0],
    [10, 10, 1, 1],
    [100, 1, 50, 1 / 2],
    [200, 13, 10, 78115540005393 / 157000030132960],
  ])('gives the unbiased estimate for n=%i, c=%i, k=%i', (n, c, k, expected) => {
    expect(passAtK(n, c, k)).toBeCloseTo(expected, 12)
  })

  it('is 1 when fewer than k attempts failed, as any k attempts then include a pass', () => {
    expect(passAtK(5, 2, 4)).toBe(1)
  })

  it('equals the share of passes at k = 1', () => {
    expect(passAtK(8, 5, 1)).toBeCloseTo(5 / 8, 12)
  })

  it('refuses counts that cannot be', () => {
    expect(() => passAtK(4, 5, 1)).toThrow('0 ≤ c ≤ n and 1 ≤ k ≤ n; received n=4, c=5, k=1')
    expect(() => passAtK(4, 2, 5)).toThrow(RangeError)
  })
})

describe('passHatK', () => {
  it.each([
    [10, 7, 3, 7 / 24],
    [10, 3, 5, 0],
    [5, 5, 5, 1],
    [4, 3, 2, 1 / 2],
    [20, 15, 4, 91 / 323],
  ])('gives the chance that k attempts all pass for n=%i, c=%i, k=%i', (n, c, k, expected) => {
    expect(passHatK(n, c, k)).toBeCloseTo(expected, 12)
  })
})

describe('majorityVote', () => {
  it('scores the most frequent extracted answer', () => {
    const votes = [
      { answer: 'B', value: 0 },
      { answer: 'A', value: 1 },
      { answer: 'A', value: 1 },
    ]
    expect(majorityVote(votes)).toBe(1)
    expect(majorityVote([{ answer: 'C', value: 0 }, ...votes.slice(0, 1), { answer: 'C', value: 0 }, { answer: 'A', value: 1 }])).toBe(0)
  })

  it('breaks a tie in favour of the answer given first', () => {
    expect(
      majorityVote([
        { answer: '7', value: 0 },
        { answer: '8', value: 1 },
        { answer: '8', value: 1 },
        { answer: '7', value: 0 },
      ]),
    ).toBe(0)
  })

  it('votes on the scores when an attempt extracted nothing', () => {
    expect(
      majorityVote([
        { answer: null, value: 1 },
        { answer: 'x', value: 0 },
        { answer: 'y', value: 1 },
      ]),
    ).toBe(1)
    expect(
      majorityVote([
        { answer: null, value: 0 },
        { answer: 'x', value: 1 },
      ]),
    ).toBe(0)
  })
})
