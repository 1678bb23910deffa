import { describe, expect, it } from 'vitest'
import { classificationAggregate, corpusRows, kappaInterval, type CorpusSample } from '../../src/metrics/index.ts'
import { createRandom } from '../../src/random/index.ts'

const range = (metric: string) => (metric === 'kappa' ? { min: -1, max: 1 } : { min: 0, max: 1 })

function samplesOf(pairs: ReadonlyArray<readonly [target: string, answer: string]>): CorpusSample[] {
  return pairs.map(([target, answer], i) => ({ id: String(i).padStart(5, '0'), attempt: 0, subset: null, scores: {}, answer, target }))
}

// 2 labels, "yes" on 5% of samples, 98% of samples right: no → yes 1%, yes → no 20%
function rareLabelRun(n: number, random: () => number): CorpusSample[] {
  return samplesOf(
    Array.from({ length: n }, () => {
      const target = random() < 0.05 ? 'yes' : 'no'
      const right = random() < (target === 'yes' ? 0.8 : 0.99)
      return [target, right ? target : target === 'yes' ? 'no' : 'yes'] as const
    }),
  )
}
// the population's figures of that classifier: F1 of "yes" 2·0.04 / (2·0.04 + 0.0095 + 0.01), kappa from its table
const F1_YES = 0.08 / (0.08 + 0.0095 + 0.01)
const CHANCE = 0.95 * (0.9405 + 0.01) + 0.05 * (0.0095 + 0.04)
const KAPPA = (0.9405 + 0.04 - CHANCE) / (1 - CHANCE)

describe('classification intervals from the confusion counts', () => {
  it('sizes the F1 of a label seen on one sample of 20 by that sample, not by all 20', () => {
    const rows = corpusRows(
      samplesOf([...Array.from({ length: 19 }, () => ['no', 'no'] as const), ['yes', 'yes']]),
      classificationAggregate,
      {
        range,
      },
    )
    const f1 = rows.get('f1_yes')![0]!
    expect(f1.value).toBe(1)
    // the bootstrap gave every resample F1 1 and the interval of 20 of 20 right, [0.84, 1]
    expect(f1.interval).toMatchObject({ method: 'jaccard-wilson', upper: 1 })
    expect(f1.interval!.lower).toBeLessThan(0.3)
    // kappa's bootstrap interval started at 0.68
    expect(rows.get('kappa')![0]!.interval!.lower).toBeLessThan(0.3)
  })

  it('names the method of each figure, and gives none an interval of zero width', () => {
    const random = createRandom(7)
    const rows = corpusRows(rareLabelRun(40, random), classificationAggregate, { range })
    const methods = Object.fromEntries([...rows].map(([metric, [row]]) => [metric, row!.interval!.method]))
    expect(methods).toEqual({
      precision_no: 'wilson',
      recall_no: 'wilson',
      f1_no: 'jaccard-wilson',
      precision_yes: 'wilson',
      recall_yes: 'wilson',
      f1_yes: 'jaccard-wilson',
      macro_precision: 'dirichlet',
      macro_recall: 'dirichlet',
      macro_f1: 'dirichlet',
      micro_precision: 'bootstrap-score',
      micro_recall: 'bootstrap-score',
      micro_f1: 'bootstrap-score',
      kappa: 'dirichlet',
    })
    for (const [metric, [row]] of rows) expect(row!.interval!.upper - row!.interval!.lower, metric).toBeGreaterThan(0)
  })

  it('covers the F1 and kappa of a 5% label at 30 samples in at least 90% of seeded runs (the bootstrap: 36% and 83%)', () => {
    const random = createRandom(20_270_139)
    let runs = 0
    const covered = { f1: 0, kappa: 0 }
    while (runs < 150) {
      const samples = rareLabelRun(30, random)
      // the figures of both labels are the population's only where both labels are among the targets
      if (!samples.some((sample) => sample.target === 'yes')) continue
      const rows = corpusRows(samples, classificationAggregate, { range, resamples: 400 })
      runs++
      const holds = (metric: string, value: number): boolean => {
        const interval = rows.get(metric)?.[0]?.interval
        return interval !== undefined && interval !== null && interval.lower <= value && value <= interval.upper
      }
      if (holds('f1_yes', F1_YES)) covered.f1++
      if (holds('kappa', KAPPA)) covered.kappa++
    }
    expect(covered.f1 / runs).toBeGreaterThanOrEqual(0.9)
    expect(covered.kappa / runs).toBeGreaterThanOrEqual(0.9)
  })
})

describe('kappaInterval', () => {
  it('widens the kappa of a judge agreeing on the one rare label of 10 items below what every resample gives', () => {
    const human = [...Array.from({ length: 9 }, () => 'no'), 'yes']
    const interval = kappaInterval(human, human, { min: -1, max: 1 })!
    // every resample that holds "yes" gives kappa 1, and the bootstrap's interval of 10 of 10 started at 0.44
    expect(interval).toMatchObject({ method: 'dirichlet', upper: 1 })
    expect(interval.lower).toBeLessThan(0.2)
  })

  it('gives the same interval every time, and none below 2 items or where kappa is undefined', () => {
    const a = ['w', 'l', 'w', 'w', 'l', 'w', 'l', 'l']
    const b = ['w', 'l', 'l', 'w', 'l', 'w', 'w', 'l']
    expect(kappaInterval(a, b, { min: -1, max: 1 })).toEqual(kappaInterval(a, b, { min: -1, max: 1 }))
    expect(kappaInterval(['w'], ['w'], { min: -1, max: 1 })).toBeNull()
    expect(kappaInterval(['w', 'w'], ['w', 'w'], { min: -1, max: 1 })).toBeNull()
  })
})
