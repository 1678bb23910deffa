import { describe, expect, it } from 'vitest'
import { corpusRows, type CorpusAggregate, type CorpusSample } from '../../src/metrics/index.ts'
import { createRandom } from '../../src/random/index.ts'

const UNIT = { min: 0, max: 1 }

// accuracy weighted by each sample's length in tokens, as a user's `aggregate` may compute it
const weightedAccuracy: CorpusAggregate = (samples) => {
  let weight = 0
  let right = 0
  for (const { scores } of samples) {
    weight += scores.tokens!
    right += scores.tokens! * scores.accuracy!
  }
  return { weighted_accuracy: right / weight }
}

describe("the interval of a user's aggregate of a few samples", () => {
  it('covers a weighted accuracy of 10 samples in at least 93% of 1,000 seeded runs (on z: 91%)', () => {
    // samples of 1 to 100 tokens, right with chance 95% − 50% × length / 100: the weighted accuracy is 61.5%
    let weighted = 0
    for (let tokens = 1; tokens <= 100; tokens++) weighted += tokens * (0.95 - (0.5 * tokens) / 100)
    const truth = weighted / 5050
    const random = createRandom(39)
    let covered = 0
    for (let run = 0; run < 1000; run++) {
      const samples: CorpusSample[] = Array.from({ length: 10 }, (_, i) => {
        const tokens = 1 + Math.floor(random() * 100)
        const accuracy = random() < 0.95 - (0.5 * tokens) / 100 ? 1 : 0
        return { id: `s${i}`, attempt: 0, subset: null, scores: { tokens, accuracy }, answer: null, target: null }
      })
      const [row] = corpusRows(samples, weightedAccuracy, { resamples: 200, range: () => UNIT }).get('weighted_accuracy')!
      if (row!.interval !== null && row!.interval.lower <= truth && truth <= row!.interval.upper) covered++
    }
    expect(covered / 1000).toBeGreaterThanOrEqual(0.93)
  })
})
