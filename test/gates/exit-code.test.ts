import { describe, expect, it } from 'vitest'
import { decideOutcome, type OutcomeInputs } from '../../src/gates/exit-code.ts'
import { notEvaluatedGate, regressionGate, thresholdGate } from '../../src/gates/gates.ts'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { REPORT_VERSION, type Report } from '../../src/schema/index.ts'

function report(overrides: Partial<Report> = {}): Report {
  return {
    version: REPORT_VERSION,
    benchmark: 'arithmetic',
    model: 'gpt-test',
    file: 'evals/arithmetic.eval.ts',
    createdAt: '2025-01-01T00:00:00.000Z',
    primaryMetric: 'accuracy',
    passed: true,
    counts: { samples: 4, right: 3, wrong: 1, errored: 0, skipped: 0 },
    repeats: null,
    errorAllowance: { maxErrors: 0, errored: 0, passed: true },
    catalog: {},
    metrics: [],
    baseline: null,
    gates: [thresholdGate('accuracy', null, { min: 0.7 }, 0.75)],
    diagnostics: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    latencyMs: null,
    durationMs: null,
    samples: [],
    ...overrides,
  }
}

// Vitest reports "failed" whenever a sample is wrong, since a wrong sample is a failed test
const inputs = (overrides: Partial<OutcomeInputs> = {}): OutcomeInputs => ({
  reason: 'failed',
  unhandledErrors: 0,
  failures: [],
  reports: [report()],
  ...overrides,
})

describe('decideOutcome', () => {
  it('passes a run whose only failed tests are wrong answers', () => {
    expect(decideOutcome(inputs())).toEqual({ passed: true, reasons: [], notJudged: [] })
  })

  it('passes a run with no reports and nothing wrong', () => {
    expect(decideOutcome(inputs({ reason: 'passed', reports: [] }))).toEqual({ passed: true, reasons: [], notJudged: [] })
  })

  it('fails a run with a failed gate, naming the benchmark, the model and why', () => {
    const failing = report({ passed: false, gates: [thresholdGate('accuracy', null, { min: 0.8 }, 0.75)] })
    expect(decideOutcome(inputs({ reports: [report(), failing] }))).toEqual({
      passed: false,
      reasons: ['arithmetic [gpt-test]: gate accuracy failed, 0.75 < min 0.8'],
      notJudged: [],
    })
  })

  it('fails a run with more errored samples than the budget allows', () => {
    const errored = report({ passed: false, errorAllowance: { maxErrors: 1, errored: 2, passed: false } })
    expect(decideOutcome(inputs({ reports: [errored] }))).toEqual({
      passed: false,
      reasons: ['arithmetic [gpt-test]: 2 errored sample(s), maxErrors is 1'],
      notJudged: [],
    })
  })

  it('passes a run whose report carries only warnings, such as an undeclared metric or a small sample', () => {
    const warned = report({ diagnostics: [{ severity: 'warning', code: 'small-sample', message: 'only 4 sample(s)' }] })
    expect(decideOutcome(inputs({ reports: [warned] }))).toEqual({ passed: true, reasons: [], notJudged: [] })
  })

  it('passes a run whose errored samples are within the budget', () => {
    const errored = report({ errorAllowance: { maxErrors: 1, errored: 1, passed: true } })
    expect(decideOutcome(inputs({ reports: [errored] }))).toEqual({ passed: true, reasons: [], notJudged: [] })
  })

  it('fails an interrupted run even when everything recorded passed', () => {
    expect(decideOutcome(inputs({ reason: 'interrupted' }))).toEqual({
      passed: false,
      reasons: ['the run was interrupted, so its results are incomplete'],
      notJudged: [],
    })
  })

  it('fails a run with unhandled errors', () => {
    expect(decideOutcome(inputs({ reason: 'passed', unhandledErrors: 2 }))).toEqual({
      passed: false,
      reasons: ['2 unhandled error(s)'],
      notJudged: [],
    })
  })

  it('fails a run with failures outside scoring, listing five and counting the rest', () => {
    const failures = [
      'a.test.ts > one',
      'a.test.ts > two',
      'b.test.ts > three',
      'b.test.ts > four',
      'c.test.ts > five',
      'c.test.ts > six',
      'c.test.ts > seven',
    ]
    expect(decideOutcome(inputs({ failures }))).toEqual({
      passed: false,
      reasons: [
        'failed outside scoring: a.test.ts > one',
        'failed outside scoring: a.test.ts > two',
        'failed outside scoring: b.test.ts > three',
        'failed outside scoring: b.test.ts > four',
        'failed outside scoring: c.test.ts > five',
        '… and 2 more failures outside scoring',
      ],
      notJudged: [],
    })
  })

  it('lists five failures outside scoring without a count of more', () => {
    const failures = ['one', 'two', 'three', 'four', 'five']
    expect(decideOutcome(inputs({ failures })).reasons).toEqual(failures.map((f) => `failed outside scoring: ${f}`))
  })

  // one shard of a benchmark's samples, whose accuracy falls short of the threshold in this shard
  const shard = (overrides: Partial<Report> = {}): Report =>
    report({
      passed: null,
      shards: { count: 2, merged: [1] },
      gates: [notEvaluatedGate(thresholdGate('accuracy', null, { min: 0.9 }, 0.5), 'shard 1 of 2')],
      ...overrides,
    })

  it('passes a shard run whatever its gates would say, and lists it as not evaluated', () => {
    const alone = shard()
    expect(decideOutcome(inputs({ reports: [alone] }))).toEqual({ passed: true, reasons: [], notJudged: [alone] })
  })

  it('fails a shard run on a real error only', () => {
    const errored = shard({ passed: false, errorAllowance: { maxErrors: 0, errored: 1, passed: false } })
    expect(decideOutcome(inputs({ reports: [errored] }))).toEqual({
      passed: false,
      reasons: ['arithmetic [gpt-test]: 1 errored sample(s), maxErrors is 0'],
      notJudged: [errored],
    })
  })

  it('fails a merge that lacks a shard, which is then an error and not a shard run', () => {
    expect(decideOutcome(inputs({ reports: [shard()], merging: true }))).toEqual({
      passed: false,
      reasons: ["arithmetic [gpt-test]: the merged reports hold shard(s) 1 of 2; every shard's blob report is needed to judge its gates"],
      notJudged: [],
    })
  })

  it('gives every reason at once', () => {
    const failing = report({
      benchmark: 'capitals',
      model: 'other-model',
      passed: false,
      gates: [
        thresholdGate('accuracy', null, { min: 0.9 }, 0.75),
        thresholdGate('f1', null, { min: 0.5 }, null),
        thresholdGate('accuracy', 'hard', { min: 0.5 }, 0.25),
        regressionGate(
          { maxDrop: 0.02, alpha: 0.05 },
          {
            metric: { name: 'accuracy', semantics: createMetricCatalog().get('accuracy') },
            comparison: {
              metric: 'accuracy',
              test: 'mcnemar',
              n: 200,
              baseline: 0.8,
              current: 0.7,
              delta: -0.1,
              interval: null,
              pValue: 0.0001,
              worse: 22,
              better: 2,
            },
            file: 'evals/__baselines__/capitals.json',
            model: 'other-model',
            updating: false,
            missingFails: true,
          },
        ),
      ],
      diagnostics: [
        { severity: 'error', code: 'primary-metric-ambiguous', message: 'it emits "accuracy", "f1" and names no primary metric' },
      ],
      errorAllowance: { maxErrors: 0, errored: 1, passed: false },
    })
    expect(
      decideOutcome(inputs({ reason: 'interrupted', unhandledErrors: 1, failures: ['setup.ts'], reports: [failing] })).reasons,
    ).toEqual([
      'the run was interrupted, so its results are incomplete',
      '1 unhandled error(s)',
      'failed outside scoring: setup.ts',
      'capitals [other-model]: it emits "accuracy", "f1" and names no primary metric',
      'capitals [other-model]: gate accuracy failed, 0.75 < min 0.9',
      'capitals [other-model]: gate f1 failed, no scored sample has "f1"',
      'capitals [other-model]: gate accuracy (subset hard) failed, 0.25 < min 0.5',
      'capitals [other-model]: regression gate on accuracy failed, dropped 10.0 points, more than maxDrop 2.0 points, and significant (p<0.001 < α 0.05)',
      'capitals [other-model]: 1 errored sample(s), maxErrors is 0',
    ])
  })
})
