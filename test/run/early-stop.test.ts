import { describe, expect, it } from 'vitest'
import { createEarlyStop, type EarlyStopPlan } from '../../src/run/early-stop.ts'
import { resolveNamed } from '../../src/benchmark/resolve-benchmark.ts'

const keys = Array.from({ length: 300 }, (_, i) => `s${i}`)
const samples = keys.map((key) => ({ key, sampleId: key }))
const plan = (thresholds: EarlyStopPlan['thresholds'], options: EarlyStopPlan['options'] = true): EarlyStopPlan => ({
  options,
  thresholds,
  regression: undefined,
})

describe('createEarlyStop', () => {
  it('decides once every sample up to the deciding one is in, whatever order their scores arrive in', () => {
    const inOrder = createEarlyStop(plan({ accuracy: 0.8 }), samples, () => undefined)
    for (const key of keys) inOrder.record(key, { accuracy: 1 })
    const reversed = createEarlyStop(plan({ accuracy: 0.8 }), samples, () => undefined)
    for (const key of keys.slice(0, 100).reverse()) {
      expect(reversed.reason).toBeUndefined()
      reversed.record(key, { accuracy: 1 })
    }
    expect(inOrder.reason).toBe('decided after 100 of 300 samples: accuracy ≥ 80% at 95% confidence; confidence sequence accuracy ≥ 93.7%')
    expect(reversed.reason).toBe(inOrder.reason)
    expect(inOrder.gates).toEqual([
      { metric: 'accuracy', subset: null, bound: 'min', value: 0.8, decision: 'pass', sequence: { lower: 0.937, upper: 1 }, samples: 100 },
    ])
  })

  it('waits for every gate, each at its share of alpha, and says once when they are decided', () => {
    let decided = 0
    const stop = createEarlyStop(
      plan({ accuracy: { min: 0.5 }, f1: { max: 0.5 } }, { alpha: 0.1, minSamples: 10 }),
      samples,
      () => decided++,
    )
    // f1 on its bound leaves its gate open however sure accuracy is
    for (const key of keys.slice(0, 30)) stop.record(key, { accuracy: 1, f1: 0.5 })
    expect(stop.reason).toBeUndefined()
    stop.record('s60', { accuracy: 1, f1: 1 })
    for (const key of keys.slice(30)) if (stop.reason === undefined) stop.record(key, { accuracy: 1, f1: 1 })
    expect(stop.reason).toBe(
      'decided after 39 of 300 samples: accuracy ≥ 50%, f1 > 50% at 95% confidence; confidence sequence accuracy ≥ 85%, f1 ≥ 50.7%',
    )
    expect(decided).toBe(1)
    stop.record(keys[39]!, { accuracy: 1, f1: 1 })
    expect(decided).toBe(1)
  })

  it('skips errored samples, and never decides a gate once a value outside [0, 1] has been seen, or one at 0 or 1', () => {
    const errored = createEarlyStop(plan({ accuracy: 0.8 }), samples, () => undefined)
    errored.record('s0', undefined)
    for (const key of keys.slice(1)) errored.record(key, { accuracy: 1 })
    expect(errored.reason).toBe('decided after 101 of 300 samples: accuracy ≥ 80% at 95% confidence; confidence sequence accuracy ≥ 93.7%')
    const unbounded = createEarlyStop(plan({ score: 0.8 }), samples, () => undefined)
    unbounded.record('s0', { score: 2 })
    for (const key of keys.slice(1)) unbounded.record(key, { score: 1 })
    expect(unbounded.reason).toBeUndefined()
    const perfect = createEarlyStop(plan({ accuracy: 1 }), samples, () => undefined)
    for (const key of keys) perfect.record(key, { accuracy: 1 })
    expect(perfect.reason).toBeUndefined()
  })
})

describe('createEarlyStop with a regression gate', () => {
  const baseline = (scores: Record<string, number>, lowerIsBetter = false): EarlyStopPlan['baseline'] => ({
    metric: 'accuracy',
    lowerIsBetter,
    scores,
  })
  const allRight = Object.fromEntries(keys.map((key) => [key, 1]))
  const regressed = (accuracyNow: (index: number) => number, scores = allRight, lowerIsBetter = false) => {
    const stop = createEarlyStop(
      { ...plan({}), regression: { maxDrop: 0.1 }, baseline: baseline(scores, lowerIsBetter) },
      samples,
      () => undefined,
    )
    keys.forEach((key, index) => stop.record(key, { accuracy: accuracyNow(index) }))
    return stop.reason
  }

  it('fails once a drop larger than maxDrop is significant, and passes once a drop of maxDrop is ruled out', () => {
    expect(regressed((index) => (index % 5 === 0 ? 0 : 1))).toBe(
      'decided after 106 of 300 samples: drop in accuracy > 10 points at 95% confidence; confidence sequence drop in accuracy ≥ 10.2 points',
    )
    expect(regressed(() => 1)).toBe(
      'decided after 100 of 300 samples: drop in accuracy < 10 points at 95% confidence; confidence sequence drop in accuracy ≤ 6 points',
    )
    const stop = createEarlyStop({ ...plan({}), regression: { maxDrop: 0.1 }, baseline: baseline(allRight) }, samples, () => undefined)
    for (const key of keys) stop.record(key, { accuracy: 1 })
    expect(stop.gates).toEqual([
      {
        metric: 'accuracy',
        subset: null,
        bound: 'maxDrop',
        value: 0.1,
        decision: 'pass',
        sequence: { lower: -0.06, upper: 0.06 },
        samples: 100,
      },
    ])
  })

  it('feeds only the samples the baseline scored, and turns a lower-is-better metric over', () => {
    const half = Object.fromEntries(keys.slice(0, 150).map((key) => [key, 1]))
    expect(regressed(() => 1, half)).toMatch(/^decided after 100 of 300/)
    const oddOnly = Object.fromEntries(keys.filter((_, index) => index % 2 === 1).map((key) => [key, 1]))
    expect(regressed(() => 1, oddOnly)).toMatch(/^decided after 200 of 300/)
    // lower is better: 0 before, 1 now on every fifth sample is a rise, so a drop in the metric's own terms
    expect(regressed((index) => (index % 5 === 0 ? 1 : 0), Object.fromEntries(keys.map((key) => [key, 0])), true)).toMatch(
      /drop in accuracy > 10 points/,
    )
  })

  it('leaves the regression gate, and so the run, undecided without a baseline, sharing alpha with the thresholds', () => {
    const none = createEarlyStop({ ...plan({ accuracy: 0.8 }), regression: { maxDrop: 0.02 } }, samples, () => undefined)
    for (const key of keys) none.record(key, { accuracy: 1 })
    expect(none.reason).toBeUndefined()
    const both = createEarlyStop(
      { ...plan({ accuracy: 0.8 }), regression: { maxDrop: 0.1 }, baseline: baseline(allRight) },
      samples,
      () => undefined,
    )
    for (const key of keys) both.record(key, { accuracy: 1 })
    expect(both.reason).toMatch(/^decided after \d+ of 300 samples: accuracy ≥ 80%, drop in accuracy < 10 points at 97.5% confidence; /)
  })
})

describe('createEarlyStop with subset thresholds', () => {
  it('feeds each subset bound its own samples only, and waits for every subset', () => {
    // every third sample is "hard", right half the time; the others always right
    const mixed = keys.map((key, index) => ({ key, sampleId: key, ...(index % 3 === 0 ? { subset: 'hard' } : {}) }))
    const right = (index: number): number => (index % 3 !== 0 || index % 2 === 0 ? 1 : 0)
    const stop = createEarlyStop(
      plan({ accuracy: { min: 0.6, subsets: { hard: { max: 0.9 } } } }, { minSamples: 30 }),
      mixed,
      () => undefined,
    )
    keys.forEach((key, index) => stop.record(key, { accuracy: right(index) }))
    // the hard bound takes its 30th hard sample, the 88th of the run
    expect(stop.reason).toBe(
      'decided after 88 of 300 samples: accuracy ≥ 60%, accuracy (subset hard) ≤ 90% at 97.5% confidence; confidence sequence accuracy ≥ 69%, accuracy (subset hard) ≤ 77.4%',
    )
    expect(stop.gates?.map(({ subset, bound, decision, samples }) => ({ subset, bound, decision, samples }))).toEqual([
      { subset: null, bound: 'min', decision: 'pass', samples: 88 },
      { subset: 'hard', bound: 'max', decision: 'pass', samples: 30 },
    ])
    const waiting = createEarlyStop(plan({ accuracy: { min: 0.6, subsets: { hard: 0.4 } } }, { minSamples: 30 }), mixed, () => undefined)
    keys.forEach((key, index) => waiting.record(key, { accuracy: right(index) }))
    // hard samples right half the time, gated at 40%: too close to decide in 100 samples
    expect(waiting.reason).toBeUndefined()
  })
})

describe('createEarlyStop with repeated samples', () => {
  it('feeds a sample once all its attempts are in, as its mean over them, and decides on a second attempt', () => {
    const attempts = keys.slice(0, 150).flatMap((id) => [0, 1].map((attempt) => ({ key: `${id}#${attempt}`, sampleId: id })))
    const stop = createEarlyStop(plan({ accuracy: 0.6 }), attempts, () => undefined)
    // right on the first attempt and wrong on the second: a mean of 0.5 per sample, below 60%, where each attempt
    // fed on its own would be as often 1 as 0
    let fed = 0
    for (const { key } of attempts) {
      if (stop.reason !== undefined) break
      fed++
      stop.record(key, { accuracy: key.endsWith('#0') ? 1 : 0 })
    }
    expect(stop.reason).toMatch(/^decided after 1\d\d of 150 samples: accuracy < 60% at 95% confidence; /)
    const decidedAfter = Number(/after (\d+)/.exec(stop.reason!)![1])
    expect(fed).toBe(2 * decidedAfter)
  })

  it('waits for the last attempt of a sample, and leaves out an attempt that errored', () => {
    const attempts = keys.flatMap((id) => [0, 1].map((attempt) => ({ key: `${id}#${attempt}`, sampleId: id })))
    const stop = createEarlyStop(plan({ accuracy: 0.8 }), attempts, () => undefined)
    for (const id of keys.slice(0, 100)) stop.record(`${id}#0`, { accuracy: 1 })
    expect(stop.reason).toBeUndefined()
    for (const id of keys.slice(0, 100)) stop.record(`${id}#1`, id === 's0' ? undefined : { accuracy: 1 })
    expect(stop.reason).toBe('decided after 100 of 300 samples: accuracy ≥ 80% at 95% confidence; confidence sequence accuracy ≥ 93.7%')
  })
})

describe('earlyStop where a benchmark is declared', () => {
  it('runs the samples of a benchmark with earlyStop in a seeded random order, and refuses shuffle: false', () => {
    const options = { dataset: [{ id: 'a', input: 'x', target: 'y' }], task: () => 'y', thresholds: { accuracy: 0.8 }, earlyStop: true }
    expect(resolveNamed('b', options, undefined, undefined).selection.shuffle).toBe(true)
    expect(() => resolveNamed('b', { ...options, shuffle: false }, undefined, undefined)).toThrow(
      'earlyStop needs the samples in a seeded random order, so that every prefix of the run is a random sample; remove shuffle: false.',
    )
  })
})
