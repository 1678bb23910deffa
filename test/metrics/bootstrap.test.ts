import { describe, expect, it } from 'vitest'
import { BOOTSTRAP_LIMIT, comparePaired, pairedBootstrap, pairedT } from '../../src/metrics/index.ts'

const n = 200
const baseline = Array.from({ length: n }, (_, i) => ((i * 7) % 10) / 10)
const current = baseline.map((value, i) => value + (((i * 13) % 9) - 4) / 20 - 0.015)
const differences = current.map((value, i) => value - baseline[i]!)

describe('pairedBootstrap', () => {
  // Reference: scipy.stats.ttest_rel(current, baseline) on the same 200 pairs (SciPy 1.17): mean difference −0.016,
  // p = 0.08224417842997761, 95% interval [−0.03406408775459788, 0.002064087754597873]. With 200 pairs the
  // bootstrap's answers must come close to the paired t-test's.
  it("agrees with SciPy's paired t-test on 200 continuous pairs", () => {
    const result = pairedBootstrap(differences)
    expect(Math.abs(result.pValue - 0.08224417842997761)).toBeLessThan(0.015)
    expect(Math.abs(result.interval!.lower - -0.03406408775459788)).toBeLessThan(0.002)
    expect(Math.abs(result.interval!.upper - 0.002064087754597873)).toBeLessThan(0.002)
    expect(result.interval!.method).toBe('bootstrap')
  })

  it('gives the same answer every time from its fixed seed, and another from another seed', () => {
    expect(pairedBootstrap(differences)).toEqual(pairedBootstrap(differences))
    expect(pairedBootstrap(differences, { seed: 7 })).not.toEqual(pairedBootstrap(differences))
  })

  it('finds no change in identical runs', () => {
    expect(pairedBootstrap([0, 0, 0, 0])).toEqual({ interval: { lower: 0, upper: 0, level: 0.95, method: 'bootstrap' }, pValue: 1 })
  })

  it('has no interval below two pairs', () => {
    expect(pairedBootstrap([0.5])).toEqual({ interval: null, pValue: 1 })
  })
})

describe('comparePaired', () => {
  it('uses McNemar for pass/fail scores, counting the samples that got worse and better', () => {
    const pairs = [
      ...Array.from({ length: 9 }, () => ({ baseline: 1, current: 0 })),
      { baseline: 0, current: 1 },
      ...Array.from({ length: 10 }, () => ({ baseline: 1, current: 1 })),
    ]
    const comparison = comparePaired(pairs, false)!
    expect(comparison).toMatchObject({ test: 'mcnemar', n: 20, baseline: 0.95, current: 0.55, worse: 9, better: 1 })
    expect(comparison.delta).toBeCloseTo(-0.4, 12)
    // McNemar exact, b=9, c=1: 2 × (1 + 10) / 2^10
    expect(comparison.pValue).toBeCloseTo(0.021484375, 12)
    expect(comparison.interval!.upper).toBeLessThan(0)
  })

  it('uses the paired bootstrap for continuous scores, and counts a rise as worse for a lower-is-better metric', () => {
    const comparison = comparePaired(
      [
        { baseline: 100, current: 120 },
        { baseline: 90, current: 80 },
        { baseline: 50, current: 70 },
      ],
      true,
    )!
    expect(comparison).toMatchObject({ test: 'paired-bootstrap', n: 3, worse: 2, better: 1 })
  })

  it('has nothing to compare without shared samples', () => {
    expect(comparePaired([], false)).toBeNull()
  })
})

describe('pairedT', () => {
  // Reference: the same scipy.stats.ttest_rel as above
  it("gives SciPy's paired t-test", () => {
    const result = pairedT(differences)
    expect(result.interval!.lower).toBeCloseTo(-0.03406408775459788, 6)
    expect(result.interval!.upper).toBeCloseTo(0.002064087754597873, 6)
    // the normal tail stands in for t's: here, at 199 degrees of freedom, it is 0.0015 lower; beyond 5,000 pairs,
    // where it is used, the gap stays under 1e-4 (scipy.stats.t.sf against scipy.stats.norm.sf)
    expect(Math.abs(result.pValue - 0.08224417842997761)).toBeLessThan(0.002)
  })

  it('replaces the bootstrap beyond BOOTSTRAP_LIMIT continuous pairs, and gives McNemar pass/fail pairs', () => {
    const many = Array.from({ length: BOOTSTRAP_LIMIT + 1 }, (_, i) => ({ baseline: (i % 10) / 10, current: ((i + 1) % 10) / 10 }))
    expect(comparePaired(many, false)!.test).toBe('paired-t')
    expect(comparePaired(many, false)!.interval!.method).toBe('t')
    const binary = Array.from({ length: BOOTSTRAP_LIMIT + 1 }, (_, i) => ({ baseline: i % 2, current: i % 3 === 0 ? 1 : 0 }))
    expect(comparePaired(binary, false)!.test).toBe('mcnemar')
  })
})
