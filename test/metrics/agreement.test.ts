import { describe, expect, it } from 'vitest'
import { cohenKappa, pearson, resampledInterval, spearman } from '../../src/metrics/index.ts'

describe("cohenKappa is scikit-learn's cohen_kappa_score", () => {
  it.each([
    // po 3/4, pe (2·1 + 2·3) / 16 = 1/2: (3/4 − 1/2) / (1 − 1/2)
    ['two codes', [1, 1, 0, 0], [1, 0, 0, 0], 0.5],
    // po 3/5, pe (3·3 + 2·1 + 0·1) / 25 = 11/25: "none" is a category no label has, so it only lowers the agreement
    [
      'an invalid reply as a category of its own',
      ['win', 'win', 'loss', 'loss', 'win'],
      ['win', 'none', 'loss', 'win', 'win'],
      (3 / 5 - 11 / 25) / (1 - 11 / 25),
    ],
    ['perfect disagreement', [1, 0], [0, 1], -1],
    ['perfect agreement', ['a', 'b', 'c'], ['a', 'b', 'c'], 1],
    // LLMBar's coding: labels 1/2 against verdicts 1/0 agree only where both are 1
    ['codes that share one category', [1, 2, 2, 1], [1, 0, 0, 0], (1 / 4 - 1 / 8) / (1 - 1 / 8)],
  ])('%s', (_, first, second, kappa) => {
    expect(cohenKappa(first, second)).toBeCloseTo(kappa, 12)
  })

  it('is undefined (null) without items, or when both raters always give the one same category', () => {
    expect(cohenKappa([], [])).toBeNull()
    expect(cohenKappa(['win', 'win'], ['win', 'win'])).toBeNull()
    expect(cohenKappa(['win', 'win'], ['loss', 'loss'])).toBe(0)
  })
})

describe('correlations', () => {
  it("computes Pearson's r, and Spearman's rho with tied ranks averaged as SciPy does", () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBe(1)
    expect(pearson([1, 2, 3], [3, 2, 1])).toBe(-1)
    // ranks [1, 2.5, 2.5, 4] and [1, 3, 2, 4]: 4.5 / √(4.5 · 5); scipy.stats.spearmanr gives 0.9486832980505138
    expect(spearman([1, 2, 2, 3], [1, 3, 2, 4])).toBeCloseTo(0.9486832980505138, 12)
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull()
  })
})

describe('resampledInterval', () => {
  it('brackets the statistic, and gives the same interval every time', () => {
    const labels = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? 'loss' : 'win'))
    const verdicts = labels.map((label, i) => (i % 7 === 0 ? 'none' : label))
    const kappa = (items: readonly number[]): number | null =>
      cohenKappa(
        items.map((i) => labels[i]!),
        items.map((i) => verdicts[i]!),
      )
    const interval = resampledInterval(labels.length, kappa, { min: -1, max: 1 })!
    const all = kappa(labels.map((_, i) => i))!
    expect(interval.lower).toBeLessThan(all)
    expect(interval.upper).toBeGreaterThanOrEqual(all)
    expect(interval.method).toBe('bootstrap-score')
    expect(resampledInterval(labels.length, kappa, { min: -1, max: 1 })).toEqual(interval)
    expect(resampledInterval(1, kappa, { min: -1, max: 1 })).toBeNull()
  })
})
