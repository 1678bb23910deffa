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

  it('gives 50 pass/fail pairs none of which changed an interval of the change either side of 0 (Bonett and Price)', () => {
    const pairs = Array.from({ length: 50 }, () => ({ baseline: 1, current: 1 }))
    const { interval, pValue } = comparePaired(pairs, false)!
    expect(pValue).toBe(1)
    expect(interval!.method).toBe('bonett-price')
    // one pair added to each discordant count: ± z √(2 / 52) / 52
    const half = 1.959963984540054 * Math.sqrt(2 / 52 / 52)
    expect(interval!.lower).toBeCloseTo(-half, 12)
    expect(interval!.upper).toBeCloseTo(half, 12)
  })

  it('gives 10 pairs, 5 right and 5 wrong in both runs, an interval as wide as if all were right (Newcombe gave [0, 0])', () => {
    const pairs = [
      ...Array.from({ length: 5 }, () => ({ baseline: 1, current: 1 })),
      ...Array.from({ length: 5 }, () => ({ baseline: 0, current: 0 })),
    ]
    const allRight = Array.from({ length: 10 }, () => ({ baseline: 1, current: 1 }))
    const { interval } = comparePaired(pairs, false)!
    expect(interval!.upper - interval!.lower).toBeGreaterThan(0.4)
    expect(interval).toEqual(comparePaired(allRight, false)!.interval)
  })

  it('covers a 2-point drop in 50 pairs, 40% wrong in both, at least 93% of the time (exact multinomial coverage)', () => {
    // the chance of each split of 50 pairs when 2% went from right to wrong, 40% are wrong in both and the rest right
    const logFactorial = [0]
    for (let i = 1; i <= 50; i++) logFactorial.push(logFactorial[i - 1]! + Math.log(i))
    let coverage = 0
    for (let lost = 0; lost <= 50; lost++)
      for (let neither = 0; lost + neither <= 50; neither++) {
        const both = 50 - lost - neither
        const chance = Math.exp(
          logFactorial[50]! -
            logFactorial[lost]! -
            logFactorial[neither]! -
            logFactorial[both]! +
            lost * Math.log(0.02) +
            neither * Math.log(0.4) +
            both * Math.log(0.58),
        )
        const pairs = [
          ...Array.from({ length: lost }, () => ({ baseline: 1, current: 0 })),
          ...Array.from({ length: neither }, () => ({ baseline: 0, current: 0 })),
          ...Array.from({ length: both }, () => ({ baseline: 1, current: 1 })),
        ]
        const { interval } = comparePaired(pairs, false)!
        if (interval!.lower <= -0.02 && -0.02 <= interval!.upper) coverage += chance
      }
    expect(coverage).toBeGreaterThan(0.93)
  })

  it('keeps the paired interval inside the change a paired count allows, and on the side the samples moved', () => {
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
