import { describe, expect, it } from 'vitest'
import { comparePaired, createMetricCatalog, type ScorePair } from '../../src/metrics/index.ts'
import { regressionGate, thresholdGate, thresholdGates, type RegressionContext } from '../../src/gates/gates.ts'
import type { Comparison, MetricRow } from '../../src/schema/index.ts'

describe('thresholdGate', () => {
  it('treats min as a floor that the value may equal', () => {
    expect(thresholdGate('accuracy', null, { min: 0.7 }, 0.75)).toEqual({
      kind: 'threshold',
      metric: 'accuracy',
      subset: null,
      min: 0.7,
      max: null,
      value: 0.75,
      passed: true,
      reason: '0.75 ≥ 0.7',
    })
    expect(thresholdGate('accuracy', null, { min: 0.7 }, 0.7)).toMatchObject({ passed: true, reason: '0.7 ≥ 0.7' })
    expect(thresholdGate('accuracy', null, { min: 0.7 }, 0.6)).toMatchObject({ passed: false, reason: '0.6 < min 0.7' })
  })

  it('treats max as a ceiling, and checks both ends of { min, max }', () => {
    expect(thresholdGate('refusal', null, { max: 0.1 }, 0.05)).toMatchObject({ passed: true, reason: '0.05 ≤ 0.1' })
    expect(thresholdGate('refusal', null, { max: 0.1 }, 0.2)).toMatchObject({ passed: false, reason: '0.2 > max 0.1' })
    expect(thresholdGate('length', null, { min: 10, max: 20 }, 15)).toMatchObject({ passed: true, reason: '15 ≥ 10 and ≤ 20' })
    expect(thresholdGate('length', null, { min: 10, max: 20 }, 21)).toMatchObject({ passed: false, reason: '21 > max 20' })
  })

  it('fails the gate of a metric that no scored sample has, saying so', () => {
    expect(thresholdGate('f1', null, { min: 0.5 }, null)).toMatchObject({ passed: false, reason: 'no scored sample has "f1"' })
    expect(thresholdGate('f1', 'hard', { min: 0.5 }, null)).toMatchObject({
      passed: false,
      reason: 'no scored sample of subset "hard" has "f1"',
    })
  })

  it('shows the value rounded to at most 3 decimals, without a dangling decimal point', () => {
    expect(thresholdGate('accuracy', null, { min: 0.7 }, 2 / 3).reason).toBe('0.667 < min 0.7')
    expect(thresholdGate('accuracy', null, { min: 0.9 }, 0.99996).reason).toBe('1 ≥ 0.9')
  })
})

describe('thresholdGates', () => {
  const row = (metric: string, subset: string | null, value: number): MetricRow => ({
    metric,
    aggregation: 'mean',
    k: null,
    subset,
    averaging: 'micro',
    n: 10,
    samples: 10,
    excluded: 0,
    value,
    interval: null,
    smallSample: true,
  })
  const rows = [
    row('accuracy', null, 0.8),
    { ...row('accuracy', null, 0.6), averaging: 'macro' as const },
    row('accuracy', 'easy', 0.95),
    row('accuracy', 'hard', 0.4),
  ]

  it('gates the overall micro mean, then each named subset on its own bounds', () => {
    const gates = thresholdGates({ accuracy: { min: 0.75, subsets: { hard: 0.5, easy: { max: 0.99 } } } }, rows)
    expect(gates.map((gate) => [gate.subset, gate.passed, gate.reason])).toEqual([
      [null, true, '0.8 ≥ 0.75'],
      ['hard', false, '0.4 < min 0.5'],
      ['easy', true, '0.95 ≤ 0.99'],
    ])
  })

  it('gates only the subsets when no overall bound is given, and fails a subset the run does not have', () => {
    const gates = thresholdGates({ accuracy: { subsets: { medium: 0.5 } } }, rows)
    expect(gates).toEqual([
      expect.objectContaining({ subset: 'medium', passed: false, reason: 'no scored sample of subset "medium" has "accuracy"' }),
    ])
  })
})

describe('regressionGate', () => {
  const accuracy = { name: 'accuracy', semantics: createMetricCatalog().get('accuracy') }
  const context = (comparison: Comparison | undefined, overrides: Partial<RegressionContext> = {}): RegressionContext => ({
    metric: accuracy,
    comparison,
    file: 'evals/__baselines__/qa.json',
    model: 'gpt-test',
    updating: false,
    missingFails: true,
    ...overrides,
  })
  const compare = (pairs: ScorePair[]): Comparison => ({ metric: 'accuracy', ...comparePaired(pairs, false)! })
  const repeat = (count: number, pair: ScorePair): ScorePair[] => Array.from({ length: count }, () => pair)

  // 200 samples, 80% right in the baseline both times. Noisy: 5 samples flipped to wrong and 3 to right, a 1-point
  // drop (McNemar exact p = 0.727 for b=5, c=3). Real: 22 flipped to wrong and 2 to right, a 10-point drop
  // (p = 0.0000359 for b=22, c=2; both from scipy.stats.binomtest). The same gate, maxDrop 0.5 points, alpha 0.05.
  const noisy = compare([
    ...repeat(5, { baseline: 1, current: 0 }),
    ...repeat(3, { baseline: 0, current: 1 }),
    ...repeat(155, { baseline: 1, current: 1 }),
    ...repeat(37, { baseline: 0, current: 0 }),
  ])
  const real = compare([
    ...repeat(22, { baseline: 1, current: 0 }),
    ...repeat(2, { baseline: 0, current: 1 }),
    ...repeat(138, { baseline: 1, current: 1 }),
    ...repeat(38, { baseline: 0, current: 0 }),
  ])
  const gate = { maxDrop: 0.005, alpha: 0.05 }

  it('passes a noisy 1-point drop and fails a real 10-point drop on the same number of samples', () => {
    expect(noisy).toMatchObject({ n: 200, baseline: 0.8, worse: 5, better: 3 })
    expect(noisy.pValue).toBeCloseTo(0.7265625, 12)
    expect(real).toMatchObject({ n: 200, baseline: 0.8, worse: 22, better: 2 })
    expect(real.pValue).toBeCloseTo(3.5881996154785156e-5, 15)
    expect(regressionGate(gate, context(noisy))).toMatchObject({
      outcome: 'not-significant',
      passed: true,
      reason: 'dropped 1.0 points, more than maxDrop 0.5 points, but not significant (p=0.73 ≥ α 0.05)',
    })
    expect(regressionGate(gate, context(real))).toMatchObject({
      outcome: 'regressed',
      passed: false,
      delta: expect.closeTo(-0.1, 12),
      reason: 'dropped 10.0 points, more than maxDrop 0.5 points, and significant (p<0.001 < α 0.05)',
    })
  })

  it('passes a significant drop no larger than maxDrop', () => {
    expect(regressionGate({ maxDrop: 0.15, alpha: 0.05 }, context(real))).toMatchObject({
      outcome: 'within-max-drop',
      passed: true,
      reason: 'dropped 10.0 points, within maxDrop 15.0 points (p<0.001)',
    })
  })

  it('passes a gain, and counts a rise as a drop for a lower-is-better metric', () => {
    const gained = { ...real, delta: 0.1, current: 0.9 }
    expect(regressionGate(gate, context(gained))).toMatchObject({
      outcome: 'no-drop',
      passed: true,
      reason: 'no drop (gained 10.0 points, p<0.001)',
    })
    const latency = { name: 'latency', semantics: createMetricCatalog().get('latency') }
    const slower = { ...real, metric: 'latency', delta: 250 }
    expect(regressionGate({ maxDrop: 100, alpha: 0.05 }, context(slower, { metric: latency }))).toMatchObject({
      passed: false,
      reason: 'dropped 250 ms, more than maxDrop 100 ms, and significant (p<0.001 < α 0.05)',
    })
  })

  it('fails without a baseline in CI, and waits for one locally', () => {
    const reason =
      'no baseline scores of "accuracy" for model "gpt-test" in evals/__baselines__/qa.json: run "vitest run -u" and commit the file'
    expect(regressionGate(gate, context(undefined))).toMatchObject({ outcome: 'no-baseline', passed: false, reason })
    expect(regressionGate(gate, context(undefined, { missingFails: false }))).toMatchObject({
      outcome: 'no-baseline',
      passed: true,
      reason,
    })
  })

  it('passes while the baseline is being rewritten with -u', () => {
    expect(regressionGate(gate, context(real, { updating: true }))).toMatchObject({ outcome: 'updating', passed: true })
  })

  it('fails on a metric without a direction, or without a metric', () => {
    const brevity = { name: 'brevity', semantics: createMetricCatalog().get('brevity') }
    expect(regressionGate(gate, context(undefined, { metric: brevity }))).toMatchObject({ outcome: 'no-direction', passed: false })
    expect(regressionGate(gate, context(undefined, { metric: { name: null, why: 'no metric to watch' } }))).toMatchObject({
      outcome: 'no-metric',
      passed: false,
      metric: null,
      reason: 'no metric to watch',
    })
  })
})
