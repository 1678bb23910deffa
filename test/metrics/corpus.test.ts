import { describe, expect, it } from 'vitest'
import { compareCorpus, corpusRows, wilsonInterval, type CorpusAggregate, type CorpusSample } from '../../src/metrics/index.ts'

const unit = { range: () => ({ min: 0, max: 1 }) }

// the share of right answers, as a corpus metric: easy to check against a mean
const shareRight: CorpusAggregate = (samples) => ({ right: samples.filter((s) => s.answer === s.target).length / samples.length })

function sample(id: string, right: boolean, extra: Partial<CorpusSample> = {}): CorpusSample {
  return { id, attempt: 0, subset: null, scores: {}, answer: right ? 'yes' : 'no', target: 'yes', ...extra }
}

const SAMPLES = Array.from({ length: 40 }, (_, i) =>
  sample(`s${String(i).padStart(2, '0')}`, i % 4 !== 0, { subset: i < 20 ? 'easy' : 'hard' }),
)

describe('corpusRows', () => {
  it('gives the figure on all samples and on each subset, each with a seeded bootstrap interval and its resample count', () => {
    const rows = corpusRows(SAMPLES, shareRight, unit).get('right')!
    expect(rows.map((row) => [row.subset, row.value, row.n, row.samples, row.aggregation])).toEqual([
      [null, 0.75, 40, 40, 'corpus'],
      ['easy', 0.75, 20, 20, 'corpus'],
      ['hard', 0.75, 20, 20, 'corpus'],
    ])
    const { interval } = rows[0]!
    expect(interval).toMatchObject({ level: 0.95, method: 'bootstrap-score', resamples: 2000 })
    expect(interval!.lower).toBeLessThan(0.75)
    expect(interval!.upper).toBeGreaterThan(0.75)
    expect(rows[1]!.smallSample).toBe(true)
  })

  it('gives the same figures and intervals however the samples are ordered (as shards merged in any order)', () => {
    const shuffled = [...SAMPLES.slice(25), ...SAMPLES.slice(0, 25).reverse()]
    expect(corpusRows(shuffled, shareRight, unit)).toEqual(corpusRows(SAMPLES, shareRight, unit))
  })

  it('resamples sample ids, not attempts: repeats that agree leave the interval as wide as one attempt each', () => {
    const repeated = SAMPLES.flatMap((s) => [s, { ...s, attempt: 1 }, { ...s, attempt: 2 }])
    const once = corpusRows(SAMPLES, shareRight, unit).get('right')![0]!
    const thrice = corpusRows(repeated, shareRight, unit).get('right')![0]!
    expect(thrice).toMatchObject({ n: 120, samples: 40, value: 0.75 })
    expect(thrice.interval).toEqual(once.interval)
  })

  it('gives a figure every resample agrees on the Wilson interval of its samples within the range, and leaves out a figure that is not a finite number', () => {
    const allRight = SAMPLES.map((s) => ({ ...s, answer: 'yes' }))
    const rows = corpusRows(allRight, (samples) => ({ ...shareRight(samples), broken: Number.NaN }), unit)
    expect(rows.get('right')![0]!.interval).toMatchObject({ lower: wilsonInterval(40, 40)!.lower, upper: 1 })
    expect(rows.has('broken')).toBe(false)
  })
})

describe('compareCorpus', () => {
  const pairsOf = (current: readonly CorpusSample[]) => SAMPLES.map((baseline, i) => ({ baseline, current: current[i]! }))

  it('finds no change where the answers did not change', () => {
    const [comparison] = compareCorpus(pairsOf(SAMPLES), shareRight)
    expect(comparison).toMatchObject({
      metric: 'right',
      test: 'paired-bootstrap',
      n: 40,
      baseline: 0.75,
      current: 0.75,
      delta: 0,
      pValue: 1,
      worse: 0,
      better: 0,
    })
  })

  it('finds a drop of many answers significant, and a drop of one not, counting the samples that got worse', () => {
    const manyWorse = SAMPLES.map((s, i) => (i < 16 ? { ...s, answer: 'no' } : s))
    const [many] = compareCorpus(pairsOf(manyWorse), shareRight)
    expect(many).toMatchObject({ current: 0.45, worse: 12, better: 0 })
    expect(many!.delta).toBeCloseTo(-0.3, 12)
    expect(many!.pValue).toBeLessThan(0.01)
    expect(many!.interval!.upper).toBeLessThan(0)
    const oneWorse = SAMPLES.map((s, i) => (i === 1 ? { ...s, answer: 'no' } : s))
    expect(compareCorpus(pairsOf(oneWorse), shareRight)[0]!.pValue).toBeGreaterThan(0.05)
  })
})
