import { describe, expect, it } from 'vitest'
import { comparePaired, pairedT, tQuantile975, type ScorePair } from '../../src/metrics/index.ts'
import { createRandom } from '../../src/random/index.ts'

const UNIT = { min: 0, max: 1 }

describe('the interval of a mean change in scores', () => {
  it('widens the bootstrap of 50 pairs, 2 of them changed, to the t interval on 2 degrees of freedom', () => {
    const pairs: ScorePair[] = [
      { baseline: 0.9, current: 0.3 },
      { baseline: 0.7, current: 0.4 },
      ...Array.from({ length: 48 }, (_, i) => ({ baseline: (i % 10) / 10, current: (i % 10) / 10 })),
    ]
    const { interval, delta } = comparePaired(pairs, false, { range: UNIT })!
    const mean = -0.9 / 50
    const standardError = Math.sqrt(((-0.6 - mean) ** 2 + (-0.3 - mean) ** 2 + 48 * mean ** 2) / 49 / 50)
    expect(delta).toBeCloseTo(mean, 12)
    expect(interval!.method).toBe('bootstrap-changed-t')
    expect(interval!.lower).toBeLessThanOrEqual(mean - tQuantile975(2) * standardError + 1e-12)
    expect(interval!.upper).toBeGreaterThanOrEqual(mean + tQuantile975(2) * standardError - 1e-12)
  })

  it('keeps n − 1 degrees of freedom when every pair changed (the paired t-test of SciPy)', () => {
    const differences = [0.1, -0.2, 0.3, 0.05, -0.1]
    const mean = 0.03
    const standardError = Math.sqrt(differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / 4 / 5)
    expect(pairedT(differences).interval!.upper).toBeCloseTo(mean + tQuantile975(4) * standardError, 12)
  })

  it('covers the mean change of 50 pairs, 5% of them rescored, in at least 93% of 400 seeded runs (the bootstrap: 86%)', () => {
    // a rescored sample's score is u³ for a uniform u, its baseline uniform: the mean change is 5% × (1/4 − 1/2)
    const truth = 0.05 * (1 / 4 - 1 / 2)
    const random = createRandom(39)
    let covered = 0
    for (let run = 0; run < 400; run++) {
      const pairs = Array.from({ length: 50 }, () => {
        const baseline = random()
        return { baseline, current: random() < 0.95 ? baseline : random() ** 3 }
      })
      const { interval } = comparePaired(pairs, false, { range: UNIT, resamples: 400 })!
      if (interval!.lower <= truth && truth <= interval!.upper) covered++
    }
    expect(covered / 400).toBeGreaterThanOrEqual(0.93)
  })
})
