import { describe, expect, it } from 'vitest'
import { checkEarlyStop, createEarlyStop, type EarlyStopPlan } from '../../src/benchmark/early-stop.ts'
import { resolveNamed } from '../../src/benchmark/resolve-benchmark.ts'

const keys = Array.from({ length: 300 }, (_, i) => `s${i}`)
const plan = (thresholds: EarlyStopPlan['thresholds'], options: EarlyStopPlan['options'] = true): EarlyStopPlan => ({ where: 'describeBenchmark("b")', options, thresholds, regression: undefined, repeats: 1 })

describe('createEarlyStop', () => {
  it('decides once every sample up to the deciding one is in, whatever order their scores arrive in', () => {
    const inOrder = createEarlyStop(plan({ accuracy: 0.8 }), keys, () => undefined)
    for (const key of keys) inOrder.record(key, { accuracy: 1 })
    const reversed = createEarlyStop(plan({ accuracy: 0.8 }), keys, () => undefined)
    for (const key of keys.slice(0, 100).reverse()) {
      expect(reversed.reason).toBeUndefined()
      reversed.record(key, { accuracy: 1 })
    }
    expect(inOrder.reason).toBe('decided after 100 of 300 samples: accuracy ≥ 80% at 95% confidence; confidence sequence accuracy ≥ 93.7%')
    expect(reversed.reason).toBe(inOrder.reason)
  })

  it('waits for every gate, each at its share of alpha, and hands over the samples not yet scored', () => {
    let left: string[] = []
    const stop = createEarlyStop(plan({ accuracy: { min: 0.5 }, f1: { max: 0.5 } }, { alpha: 0.1, minSamples: 10 }), keys, (keys) => (left = keys))
    // f1 on its bound leaves its gate open however sure accuracy is
    for (const key of keys.slice(0, 30)) stop.record(key, { accuracy: 1, f1: 0.5 })
    expect(stop.reason).toBeUndefined()
    stop.record('s60', { accuracy: 1, f1: 1 })
    for (const key of keys.slice(30)) if (stop.reason === undefined) stop.record(key, { accuracy: 1, f1: 1 })
    expect(stop.reason).toBe('decided after 39 of 300 samples: accuracy ≥ 50%, f1 > 50% at 95% confidence; confidence sequence accuracy ≥ 85%, f1 ≥ 50.7%')
    expect(left).toEqual(keys.slice(39).filter((key) => key !== 's60'))
  })

  it('skips errored samples, and never decides a gate once a value outside [0, 1] has been seen, or one at 0 or 1', () => {
    const errored = createEarlyStop(plan({ accuracy: 0.8 }), keys, () => undefined)
    errored.record('s0', undefined)
    for (const key of keys.slice(1)) errored.record(key, { accuracy: 1 })
    expect(errored.reason).toBe('decided after 101 of 300 samples: accuracy ≥ 80% at 95% confidence; confidence sequence accuracy ≥ 93.7%')
    const unbounded = createEarlyStop(plan({ score: 0.8 }), keys, () => undefined)
    unbounded.record('s0', { score: 2 })
    for (const key of keys.slice(1)) unbounded.record(key, { score: 1 })
    expect(unbounded.reason).toBeUndefined()
    const perfect = createEarlyStop(plan({ accuracy: 1 }), keys, () => undefined)
    for (const key of keys) perfect.record(key, { accuracy: 1 })
    expect(perfect.reason).toBeUndefined()
  })
})

describe('checkEarlyStop', () => {
  it('refuses the gates it cannot decide, naming them', () => {
    expect(() => checkEarlyStop({ ...plan({ accuracy: { min: 0.8, subsets: { hard: 0.5 } } }), regression: { maxDrop: 0.02 }, repeats: 3 })).toThrow(
      'describeBenchmark("b"): earlyStop decides thresholds on a metric\'s overall mean only, not the subset thresholds of "accuracy", the regression gate, repeats. Remove earlyStop, or run those gates in a benchmark of their own.',
    )
  })

  it('runs the samples of a benchmark with earlyStop in a seeded random order, and refuses shuffle: false', () => {
    const options = { dataset: [{ id: 'a', input: 'x', target: 'y' }], task: () => 'y', thresholds: { accuracy: 0.8 }, earlyStop: true }
    expect(resolveNamed('b', options, undefined, undefined).selection.shuffle).toBe(true)
    expect(() => resolveNamed('b', { ...options, shuffle: false }, undefined, undefined)).toThrow('earlyStop needs the samples in a seeded random order, so that every prefix of the run is a random sample; remove shuffle: false.')
  })
})
