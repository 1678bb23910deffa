import { describe, expect, it } from 'vitest'
import { decideVerdict, type VerdictInputs } from '../../src/report/exit-code.ts'
import { evaluateGate } from '../../src/report/gates.ts'
import type { Report } from '../../src/schema/index.ts'

function report(overrides: Partial<Report> = {}): Report {
  return {
    version: 1,
    benchmark: 'arithmetic',
    model: 'gpt-test',
    file: 'evals/arithmetic.eval.ts',
    createdAt: '2025-01-01T00:00:00.000Z',
    primaryMetric: 'accuracy',
    passed: true,
    counts: { samples: 4, right: 3, wrong: 1, errored: 0, skipped: 0 },
    errorBudget: { maxErrors: 0, errored: 0, passed: true },
    metrics: [{ metric: 'accuracy', subset: null, n: 4, value: 0.75, interval: { lower: 0.3006, upper: 0.9544, level: 0.95, method: 'wilson' } }],
    gates: [evaluateGate('accuracy', 0.7, 0.75)],
    usage: { inputTokens: 0, outputTokens: 0 },
    latencyMs: null,
    durationMs: null,
    samples: [],
    ...overrides,
  }
}

// Vitest reports "failed" whenever a sample is wrong, since a wrong sample is a failed test
const inputs = (overrides: Partial<VerdictInputs> = {}): VerdictInputs => ({ reason: 'failed', unhandledErrors: 0, failures: [], reports: [report()], ...overrides })

describe('decideVerdict', () => {
  it('passes a run whose only failed tests are wrong answers', () => {
    expect(decideVerdict(inputs())).toEqual({ passed: true, reasons: [] })
  })

  it('passes a run with no reports and nothing wrong', () => {
    expect(decideVerdict(inputs({ reason: 'passed', reports: [] }))).toEqual({ passed: true, reasons: [] })
  })

  it('fails a run with a failed gate, naming the benchmark, the model and why', () => {
    const failing = report({ passed: false, gates: [evaluateGate('accuracy', 0.8, 0.75)] })
    expect(decideVerdict(inputs({ reports: [report(), failing] }))).toEqual({
      passed: false,
      reasons: ['arithmetic [gpt-test]: gate accuracy failed, 0.75 < min 0.8'],
    })
  })

  it('fails a run with more errored samples than the budget allows', () => {
    const errored = report({ passed: false, errorBudget: { maxErrors: 1, errored: 2, passed: false } })
    expect(decideVerdict(inputs({ reports: [errored] }))).toEqual({
      passed: false,
      reasons: ['arithmetic [gpt-test]: 2 errored sample(s), maxErrors is 1'],
    })
  })

  it('passes a run whose errored samples are within the budget', () => {
    const errored = report({ errorBudget: { maxErrors: 1, errored: 1, passed: true } })
    expect(decideVerdict(inputs({ reports: [errored] }))).toEqual({ passed: true, reasons: [] })
  })

  it('fails an interrupted run even when everything recorded passed', () => {
    expect(decideVerdict(inputs({ reason: 'interrupted' }))).toEqual({
      passed: false,
      reasons: ['the run was interrupted, so its results are incomplete'],
    })
  })

  it('fails a run with unhandled errors', () => {
    expect(decideVerdict(inputs({ reason: 'passed', unhandledErrors: 2 }))).toEqual({ passed: false, reasons: ['2 unhandled error(s)'] })
  })

  it('fails a run with failures outside scoring, listing five and counting the rest', () => {
    const failures = ['a.test.ts > one', 'a.test.ts > two', 'b.test.ts > three', 'b.test.ts > four', 'c.test.ts > five', 'c.test.ts > six', 'c.test.ts > seven']
    expect(decideVerdict(inputs({ failures }))).toEqual({
      passed: false,
      reasons: [
        'failed outside scoring: a.test.ts > one',
        'failed outside scoring: a.test.ts > two',
        'failed outside scoring: b.test.ts > three',
        'failed outside scoring: b.test.ts > four',
        'failed outside scoring: c.test.ts > five',
        '… and 2 more failures outside scoring',
      ],
    })
  })

  it('lists five failures outside scoring without a count of more', () => {
    const failures = ['one', 'two', 'three', 'four', 'five']
    expect(decideVerdict(inputs({ failures })).reasons).toEqual(failures.map((f) => `failed outside scoring: ${f}`))
  })

  it('gives every reason at once', () => {
    const failing = report({
      benchmark: 'capitals',
      model: 'other-model',
      passed: false,
      gates: [evaluateGate('accuracy', 0.9, 0.75), evaluateGate('f1', 0.5, null)],
      errorBudget: { maxErrors: 0, errored: 1, passed: false },
    })
    expect(decideVerdict(inputs({ reason: 'interrupted', unhandledErrors: 1, failures: ['setup.ts'], reports: [failing] })).reasons).toEqual([
      'the run was interrupted, so its results are incomplete',
      '1 unhandled error(s)',
      'failed outside scoring: setup.ts',
      'capitals [other-model]: gate accuracy failed, 0.75 < min 0.9',
      'capitals [other-model]: gate f1 failed, no scored sample has "f1"',
      'capitals [other-model]: 1 errored sample(s), maxErrors is 0',
    ])
  })
})
