import { describe, expect, it } from 'vitest'
import { clusteredInterval, wilsonInterval } from '../../src/metrics/index.ts'
import { createRandom } from '../../src/random/index.ts'

describe('the interval of a pass/fail mean over repeats of a few samples', () => {
  it('takes 5 samples of 4 attempts as worth at most 5 samples, however little their attempts agree', () => {
    // 12 of 20 attempts passed; their spread within samples would make them worth more than 5 samples
    const clusters = [
      [1, 0, 1, 0],
      [0, 1, 1, 0],
      [1, 1, 0, 1],
      [0, 1, 0, 1],
      [1, 1, 0, 1],
    ]
    const interval = clusteredInterval(clusters)!
    const fiveSamples = wilsonInterval(3, 5)!
    expect(interval.method).toBe('cluster-wilson')
    expect(interval.lower).toBeCloseTo(fiveSamples.lower, 12)
    expect(interval.upper).toBeCloseTo(fiveSamples.upper, 12)
  })

  it('covers the mean of 5 samples of 4 attempts (30% always pass, 20% never) in at least 93% of 2,000 seeded runs', () => {
    const random = createRandom(39)
    let covered = 0
    for (let run = 0; run < 2000; run++) {
      const clusters = Array.from({ length: 5 }, () => {
        const draw = random()
        const chance = draw < 0.3 ? 1 : draw < 0.5 ? 0 : random()
        return Array.from({ length: 4 }, () => (random() < chance ? 1 : 0))
      })
      const interval = clusteredInterval(clusters)!
      if (interval.lower <= 0.55 && 0.55 <= interval.upper) covered++
    }
    expect(covered / 2000).toBeGreaterThanOrEqual(0.93)
  })

  it('keeps the design effect from 10 samples on', () => {
    const clusters = Array.from({ length: 10 }, (_, i) => [i % 2, (i + 1) % 2, 1, 0])
    // attempts that vary within every sample and agree across samples are worth all 40 of them
    const interval = clusteredInterval(clusters)!
    expect(interval.lower).toBeCloseTo(wilsonInterval(20, 40)!.lower, 12)
  })
})
