import { describe, expect, it } from 'vitest'
import {
  aggregateMetric,
  comparePaired,
  corpusRows,
  classificationAggregate,
  tInterval,
  wilsonInterval,
  type CorpusSample,
} from '../../src/metrics/index.ts'

const UNIT = { min: 0, max: 1 }

describe('intervals where every resample is the same', () => {
  it('gives a classifier right on all of 20 samples an interval below 1, as wide as accuracy on 20 of 20', () => {
    const samples: CorpusSample[] = Array.from({ length: 20 }, (_, i) => {
      const label = i % 4 === 0 ? 'pos' : 'neg'
      return { id: `s${String(i).padStart(2, '0')}`, attempt: 0, subset: null, scores: {}, answer: label, target: label }
    })
    const rows = corpusRows(samples, classificationAggregate, { range: (metric) => (metric === 'kappa' ? { min: -1, max: 1 } : UNIT) })
    const macro = rows.get('macro_f1')![0]!
    expect(macro.value).toBe(1)
    expect(macro.interval!.lower).toBeCloseTo(wilsonInterval(20, 20)!.lower, 12)
    expect(macro.interval!.upper).toBe(1)
    // kappa spans -1 to 1, so its share of the range is taken
    expect(rows.get('kappa')![0]!.interval!.lower).toBeCloseTo(-1 + 2 * wilsonInterval(20, 20)!.lower, 12)
  })

  it('gives 50 pass/fail pairs none of which changed an interval of the change either side of 0 (Newcombe)', () => {
    const pairs = Array.from({ length: 50 }, () => ({ baseline: 1, current: 1 }))
    const { interval, pValue } = comparePaired(pairs, false)!
    expect(pValue).toBe(1)
    expect(interval!.method).toBe('newcombe')
    // no run of 50 all right can rule out a true share as low as Wilson's lower bound, so neither can the change
    expect(interval!.lower).toBeCloseTo(wilsonInterval(50, 50)!.lower - 1, 12)
    expect(interval!.upper).toBeCloseTo(1 - wilsonInterval(50, 50)!.lower, 12)
  })

  it('keeps Newcombe inside the change a paired count allows, and on the side the samples moved', () => {
    const pairs = [
      ...Array.from({ length: 36 }, () => ({ baseline: 1, current: 1 })),
      ...Array.from({ length: 12 }, () => ({ baseline: 0, current: 1 })),
      ...Array.from({ length: 2 }, () => ({ baseline: 1, current: 0 })),
    ]
    const { interval, delta } = comparePaired(pairs, false)!
    expect(delta).toBeCloseTo(0.2, 12)
    expect(interval!.lower).toBeGreaterThan(0)
    expect(interval!.lower).toBeLessThan(0.2)
    expect(interval!.upper).toBeGreaterThan(0.2)
    expect(interval!.upper).toBeLessThan(0.4)
  })
})

describe('the mean of a few bounded scores', () => {
  it('widens the t interval of 5 scores near 0 to the Wilson interval of their mean, the most such a mean can vary', () => {
    const values = [0, 0.001, 0, 0.002, 0]
    const observations = values.map((value, i) => ({ sample: `s${i}`, attempt: 0, subset: null, value, answer: null }))
    const [row] = aggregateMetric(observations, { attempts: 1, range: UNIT })
    expect(row!.interval!.method).toBe('bounded-t')
    expect(row!.interval!.upper).toBeGreaterThan(0.4)
    expect(row!.interval!.lower).toBe(0)
  })

  it('widens the t interval of 30 scores or more less than the Wilson interval on n, the rule below 30', () => {
    const observations = Array.from({ length: 30 }, (_, i) => ({
      sample: `s${i}`,
      attempt: 0,
      subset: null,
      value: (i % 10) / 10,
      answer: null,
    }))
    const [row] = aggregateMetric(observations, { attempts: 1, range: UNIT })
    const t = tInterval(observations.map((observation) => observation.value))!
    const onN = wilsonInterval(13.5, 30)!
    const { lower, upper, method } = row!.interval!
    expect(method).toBe('bounded-t')
    expect([lower <= t.lower, upper >= t.upper]).toEqual([true, true])
    expect(upper - lower).toBeLessThan(onN.upper - onN.lower)
  })

  it('leans the interval of 50 skewed scores near 0 upwards, where the mean of their population may lie', () => {
    // 45 small scores and 5 larger ones: a skewed sample, whose t interval is symmetric about the mean
    const values = [...Array.from({ length: 45 }, (_, i) => (i % 5) / 1000), 0.2, 0.3, 0.1, 0.4, 0.25]
    const observations = values.map((value, i) => ({ sample: `s${i}`, attempt: 0, subset: null, value, answer: null }))
    const [row] = aggregateMetric(observations, { attempts: 1, range: UNIT })
    const t = tInterval(values)!
    const mean = row!.value!
    expect(row!.interval!.method).toBe('bounded-t')
    expect(row!.interval!.upper - mean).toBeGreaterThan(1.2 * (t.upper - mean))
    expect(row!.interval!.lower).toBeLessThanOrEqual(t.lower)
  })
})

describe('a figure without an interval', () => {
  it('says why in its row, for the JSON report: a score of one sample', () => {
    const [row] = aggregateMetric([{ sample: 's0', attempt: 0, subset: null, value: 0.7, answer: null }], {
      attempts: 1,
      range: { min: null, max: null },
    })
    expect(row).toMatchObject({ interval: null, noInterval: 'one sample' })
  })

  it('says why for a figure of the whole set of one sample, and says nothing where there is an interval', () => {
    const samples: CorpusSample[] = [{ id: 'a', attempt: 0, subset: null, scores: {}, answer: 'yes', target: 'yes' }]
    const [micro] = corpusRows(samples, classificationAggregate, { resamples: 50, range: () => UNIT }).get('micro_f1')!
    expect(micro).toMatchObject({ interval: null, noInterval: 'one sample' })
    const [accuracy] = aggregateMetric(
      [0, 1, 1].map((value, i) => ({ sample: `s${i}`, attempt: 0, subset: null, value, answer: null })),
      { attempts: 1, range: UNIT },
    )
    expect(accuracy).not.toHaveProperty('noInterval')
  })
})
