import { describe, expect, it } from 'vitest'
import { clusteredInterval, stratifiedInterval, tInterval, tQuantile975, wilsonInterval } from '../../src/metrics/index.ts'
import { wilsonScore } from '../../src/metrics/interval.ts'

describe('wilsonScore', () => {
  // scipy.stats.binomtest(k, n).proportion_ci(method='wilson') (SciPy 1.17)
  it("gives SciPy's Wilson intervals, so 15/20 and 750/1000 read differently although both are 75%", () => {
    const small = wilsonScore(15 / 20, 20)
    const large = wilsonScore(750 / 1000, 1000)
    expect([small.lower, small.upper]).toEqual([expect.closeTo(0.5312991223812561, 12), expect.closeTo(0.8881382985923344, 12)])
    expect([large.lower, large.upper]).toEqual([expect.closeTo(0.7222397197409138, 12), expect.closeTo(0.7758469010163085, 12)])
  })

  it("gives SciPy's Wilson bounds at the edges and at 7 of 10, 3 of 4 and 700 of 1,000", () => {
    expect(wilsonScore(0, 10)).toEqual({ lower: 0, upper: expect.closeTo(0.27753279986288926, 12) })
    expect(wilsonScore(1, 10)).toEqual({ lower: expect.closeTo(0.7224672001371109, 12), upper: expect.closeTo(1, 12) })
    expect(wilsonScore(0.7, 10).lower).toBeCloseTo(0.39677814746114526, 12)
    expect(wilsonScore(0.75, 4).lower).toBeCloseTo(0.30064184258240184, 12)
    expect(wilsonScore(0.7, 1000)).toEqual({ lower: expect.closeTo(0.6708761390827828, 12), upper: expect.closeTo(0.7275931575229951, 12) })
  })
})

describe('wilsonInterval', () => {
  // Wilson's bounds (the formula SciPy's binomtest uses, with scipy.stats.norm.ppf(0.975)) at the count moved 0.2
  // outwards: the lower bound of 15 of 20 is Wilson's at 14.8 of 20
  it('takes each bound from the count moved 0.2 outwards, 1.7 points wider than Wilson at 15 of 20 and 0.04 at 750 of 1,000', () => {
    const small = wilsonInterval(15, 20)!
    const large = wilsonInterval(750, 1000)!
    expect([small.lower, small.upper]).toEqual([expect.closeTo(0.5210639024690809, 12), expect.closeTo(0.8945846920784934, 12)])
    expect([large.lower, large.upper]).toEqual([expect.closeTo(0.7220333776784262, 12), expect.closeTo(0.7760390206748082, 12)])
    expect(small.lower).toBeCloseTo(wilsonScore(14.8 / 20, 20).lower, 14)
    expect(large.upper).toBeCloseTo(wilsonScore(750.2 / 1000, 1000).upper, 14)
  })

  // scipy.stats.chi2.ppf(0.05, 2 * x) / (2 * n) (SciPy 1.17), the bound Brown, Cai and DasGupta put in Wilson's place
  it('takes the one-sided Poisson bound within 3 successes of 0 at up to 100 samples, where Wilson undercovers', () => {
    expect(wilsonInterval(1, 10)!.lower).toBeCloseTo(0.005129329438755053, 10)
    expect(wilsonInterval(2, 10)!.lower).toBeCloseTo(0.0355361510698662, 10)
    expect(wilsonInterval(3, 100)!.lower).toBeCloseTo(0.008176914471639533, 10)
    expect(wilsonInterval(9, 10)!.upper).toBeCloseTo(1 - 0.005129329438755053, 10)
  })

  it("keeps Wilson above 100 samples: 1 of 300 starts at Wilson at 0.8 of 300, below SciPy's 0.000589 for 1 of 300", () => {
    expect(wilsonInterval(1, 300)!.lower).toBeCloseTo(0.00040103200540057664, 12)
    expect(wilsonScore(1 / 300, 300).lower).toBeCloseTo(0.000589, 6)
  })

  it('keeps the lower of the two where the shifted Wilson bound is already below the Poisson one (4 of 100)', () => {
    const poisson = 0.01566330399154762
    expect(wilsonInterval(4, 100)!.lower).toBeCloseTo(wilsonScore(3.8 / 100, 100).lower, 14)
    expect(wilsonInterval(4, 100)!.lower).toBeLessThan(poisson)
  })

  it('covers a true 1% with 1 success of 10 and a true 10% with 2 of 5, which Wilson misses', () => {
    expect(wilsonInterval(1, 10)!.lower).toBeLessThan(0.01)
    expect(wilsonInterval(2, 5)!.lower).toBeLessThan(0.1)
    expect(wilsonInterval(3, 5)!.upper).toBeGreaterThan(0.9)
  })

  it('gives 7 successes out of 10 the shifted Wilson lower bound and, 3 failures from 1, the Poisson upper bound', () => {
    const interval = wilsonInterval(7, 10)
    expect(interval).toMatchObject({ level: 0.95, method: 'wilson' })
    expect(interval!.lower).toBeCloseTo(0.379271829631133, 12)
    expect(interval!.upper).toBeCloseTo(1 - 0.08176914471639533, 10)
  })

  it('gives 3 out of 4 the shifted Wilson lower bound and, 1 failure from 1 below 10 samples, the Poisson upper bound', () => {
    const interval = wilsonInterval(3, 4)!
    expect(interval.lower).toBeCloseTo(0.26664622697551965, 12)
    expect(interval.upper).toBeCloseTo(1 - 0.05129329438755053 / 4, 10)
  })

  it('starts at exactly 0 when nothing succeeded, and is not a point there', () => {
    const interval = wilsonInterval(0, 10)!
    expect(interval.lower).toBe(0)
    expect(interval.upper).toBeCloseTo(0.30548549572111083, 12)
  })

  it('ends at exactly 1 when everything succeeded, and is not a point there', () => {
    const interval = wilsonInterval(10, 10)!
    expect(interval.upper).toBe(1)
    expect(interval.lower).toBeCloseTo(0.6945145042788892, 12)
  })

  it('narrows as the number of samples grows', () => {
    const small = wilsonInterval(7, 10)!
    const large = wilsonInterval(700, 1000)!
    expect(large.upper - large.lower).toBeLessThan((small.upper - small.lower) / 5)
    expect(large.lower).toBeCloseTo(0.6706715306014025, 12)
    expect(large.upper).toBeCloseTo(0.7277870119416555, 12)
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

describe('tQuantile975', () => {
  // scipy.stats.t.ppf(0.975, df) (SciPy 1.17)
  it.each([
    [1, 12.706204736],
    [5, 2.570581836],
    [10, 2.228138852],
    [30, 2.042272456],
    [40, 2.02107539],
    [120, 1.979930405],
    [1000, 1.962339081],
  ])('is within 1e-5 of the exact quantile for %i degrees of freedom', (df, expected) => {
    expect(Math.abs(tQuantile975(df) - expected)).toBeLessThan(1e-5)
  })
})

describe('clusteredInterval', () => {
  // Reference: an independent NumPy computation of the CR1 sandwich variance G/(G-1) · Σ_g (Σ_i (y_gi − ȳ))² / N²
  // (Cameron and Miller 2015), with a t quantile of G − 1 degrees of freedom from scipy.stats.t.ppf
  it('gives the cluster-robust t interval of continuous scores over repeated attempts', () => {
    const interval = clusteredInterval([[0.2, 0.4, 0.3], [0.9, 0.8], [0.5, 0.5, 0.6, 0.4], [0.1]])!
    expect(interval.method).toBe('cluster-t')
    // the t quantile of 3 degrees of freedom comes from a table with 6 decimals
    expect(interval.lower).toBeCloseTo(0.10454946752138455, 6)
    expect(interval.upper).toBeCloseTo(0.8354505324786154, 6)
  })

  // Reference: the same NumPy computation; design effect 2.2343 = CR1 variance / independent variance, so the
  // 24 attempts count as 10.74 independent ones in a Wilson interval
  it('gives pass/fail attempts a Wilson interval on the effective sample size', () => {
    const clusters = [
      [1, 1, 1, 0],
      [0, 0, 0, 0],
      [1, 0, 1, 1],
      [1, 1, 1, 1],
      [0, 1, 0, 0],
      [1, 1, 0, 1],
    ]
    const interval = clusteredInterval(clusters)!
    expect(interval.method).toBe('cluster-wilson')
    // their design effect (2.2) would make them worth 10.7 samples, but 6 samples are too few to measure it on: below
    // 10 samples, attempts are worth at most one sample each
    const sixSamples = wilsonInterval(14 / 4, 6)!
    expect(interval.lower).toBeCloseTo(sixSamples.lower, 12)
    expect(interval.upper).toBeCloseTo(sixSamples.upper, 12)
    // wider than if the 24 attempts were independent
    const naive = wilsonInterval(14, 24)!
    expect(interval.upper - interval.lower).toBeGreaterThan(naive.upper - naive.lower)
  })

  it('counts each sample once when all attempts agree, as nothing shows they are independent', () => {
    expect(
      clusteredInterval([
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
      ]),
    ).toEqual({ ...wilsonInterval(3, 3)!, method: 'cluster-wilson' })
  })

  it('has no interval with a single sample', () => {
    expect(clusteredInterval([[1, 0, 1]])).toBeNull()
  })
})

describe('stratifiedInterval', () => {
  // Reference: the Wilson formula by hand (Python) at the effective sample size S² / Σ 1/n_s = 4 / (1/8 + 1/2) = 6.4
  // (Yan and Su 2010). Subset "easy" is 6 of 8, subset "hard" 0 of 2: the macro mean is 0.375.
  it('gives a macro mean of pass/fail values the Wilson interval on the effective sample size of the stratified mean', () => {
    const easy = [1, 1, 1, 0, 1, 1, 0, 1].map((value) => [value])
    const interval = stratifiedInterval([easy, [[0], [0]]])!
    expect(interval.method).toBe('stratified-wilson')
    // 0.375 on 4 / (1/8 + 1/2) = 6.4 samples, each bound Wilson's at 2.4 ∓ 0.2 of 6.4 (plain Wilson: [0.1217, 0.7221])
    expect(interval.lower).toBeCloseTo(0.10562601804265617, 9)
    expect(interval.upper).toBeCloseTo(0.7442546936569533, 9)
  })

  it('gives subsets that are each all right or all wrong an interval of honest width, not a point', () => {
    const interval = stratifiedInterval([
      [[1], [1], [1], [1]],
      [[0], [0], [0], [0]],
    ])!
    // equal subsets: the same as a Wilson interval on the 8 samples pooled
    expect(interval).toEqual({ ...wilsonInterval(4, 8)!, method: 'stratified-wilson' })
    expect(interval.upper - interval.lower).toBeGreaterThan(0.5)
    expect(stratifiedInterval([[[1]], [[0]], [[1]]])).toEqual({ ...wilsonInterval(2, 3)!, method: 'stratified-wilson' })
  })

  it('counts the repeated attempts of a subset at their effective sample size, as the clustered interval does', () => {
    // every sample answered alike in all its attempts: each sample is worth one, so 2 + 2 samples, not 6 + 6 attempts
    const interval = stratifiedInterval([
      [
        [1, 1, 1],
        [1, 1, 1],
      ],
      [
        [0, 0, 0],
        [0, 0, 0],
      ],
    ])!
    expect(interval).toEqual({ ...wilsonInterval(2, 4)!, method: 'stratified-wilson' })
  })

  // Reference: an independent NumPy computation of the stratified variance Σ s_s² / n_s / S² with t quantile of
  // n − S degrees of freedom (Cochran, Sampling Techniques, 5.4) from scipy.stats.t.ppf, with the first stratum's
  // variance clustered (CR1) over its 3 samples
  it('gives continuous values a t interval on the stratified variance, clustering repeated attempts within their subset', () => {
    const interval = stratifiedInterval([
      [
        [1, 1, 0],
        [0, 0, 0],
        [1, 1, 1],
      ],
      [[0.2], [0.6], [0.4], [0.8]],
    ])!
    expect(interval.method).toBe('stratified-t')
    expect(interval.lower).toBeCloseTo(0.11510847234126487, 6)
    expect(interval.upper).toBeCloseTo(0.9404470832142907, 6)
  })

  it('gives continuous values no interval when no variance was measured, rather than a point', () => {
    expect(
      stratifiedInterval([
        [[0.2], [0.2]],
        [[0.8], [0.8]],
      ]),
    ).toBeNull()
    expect(stratifiedInterval([[[0.5]], [[0.25]]])).toBeNull()
  })
})
