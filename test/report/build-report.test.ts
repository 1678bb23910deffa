import type { TestModule } from 'vitest/node'
import { describe, expect, it } from 'vitest'
import { createMetricCatalog, wilsonInterval } from '../../src/metrics/index.ts'
import { buildReport, type ReportContext } from '../../src/report/build-report.ts'
import { collectRuns, type BenchmarkRecords, type SampleOutcome } from '../../src/records/collect-runs.ts'
import {
  cutText,
  ReportSchema,
  SampleMetaSchema,
  trajectoryText,
  type BenchmarkMeta,
  type SampleMeta,
  type Trajectory,
} from '../../src/schema/index.ts'

const META: BenchmarkMeta = { kind: 'benchmark', name: 'qa', model: 'gpt-test', thresholds: {}, maxErrors: 0 }

function outcome(sampleId: string, scores: Record<string, number>, extra: Partial<SampleMeta> = {}): SampleOutcome {
  return {
    meta: { kind: 'sample', sampleId, status: 'scored', scores, ...extra },
    status: scores.accuracy === 0 ? 'wrong' : 'right',
    name: sampleId,
  }
}

function run(samples: SampleOutcome[], meta: Partial<BenchmarkMeta> = {}): BenchmarkRecords {
  return { meta: { ...META, ...meta }, file: 'evals/qa.eval.ts', samples }
}

function context(overrides: Partial<ReportContext> = {}): ReportContext {
  return {
    createdAt: '2025-01-01T00:00:00.000Z',
    catalog: createMetricCatalog(),
    baseline: { file: 'evals/__baselines__/qa.json', entry: undefined },
    updating: false,
    missingBaselineFails: true,
    ...overrides,
  }
}

describe('buildReport: the primary metric', () => {
  it('takes the only score metric when none is named, and treats an undeclared one as a diagnostic', () => {
    const report = buildReport(run([outcome('a', { accuracy: 1, brevity: 0.5 }), outcome('b', { accuracy: 0, brevity: 0.25 })]), context())
    expect(report.primaryMetric).toBe('accuracy')
    expect(report.passed).toBe(true)
    expect(report.catalog.brevity).toMatchObject({ kind: 'diagnostic', direction: 'none' })
    expect(report.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['warning', 'undeclared-metric'],
      ['warning', 'small-sample'],
    ])
    expect(report.diagnostics[0]!.message).toMatchInlineSnapshot(
      `""brevity" is not in the metric catalog: shown as a bare value, never compared with the baseline; declare it with evalsuite({ metricDefinitions: { brevity: { direction: 'higher' } } })"`,
    )
    expect(ReportSchema.parse(report)).toEqual(report)
  })

  it('refuses to guess between several score metrics without accuracy, failing the benchmark with the fix', () => {
    const report = buildReport(run([outcome('a', { exact_match: 1, f1: 0.5 })]), context())
    expect(report.primaryMetric).toBeNull()
    expect(report.passed).toBe(false)
    expect(report.diagnostics[0]).toEqual({
      severity: 'error',
      code: 'primary-metric-ambiguous',
      message: 'it emits "exact_match", "f1" and no accuracy, so add primaryMetric: "exact_match" (or another) where "qa" is declared',
    })
  })

  it('takes accuracy, the verdict, beside the scores a scorer adds', () => {
    const report = buildReport(run([outcome('a', { accuracy: 1, f1: 0.5 })]), context())
    expect(report.primaryMetric).toBe('accuracy')
    expect(report.metrics.map((row) => row.metric)).toEqual(['accuracy', 'f1'])
  })

  it('takes the named one, and puts it first', () => {
    const report = buildReport(run([outcome('a', { accuracy: 1, f1: 0.5 })], { primaryMetric: 'f1' }), context())
    expect(report.primaryMetric).toBe('f1')
    expect(report.passed).toBe(true)
    expect(report.metrics.map((row) => row.metric)).toEqual(['f1', 'accuracy'])
  })

  it("counts a metric declared in the user's catalog as a score", () => {
    const catalog = createMetricCatalog({ brevity: { direction: 'higher', range: [0, 1] } })
    const report = buildReport(run([outcome('a', { brevity: 0.5, judge_score: 3 })]), context({ catalog }))
    // and without a primary metric, no small-sample warning either: there is no headline number to warn about
    expect(report.diagnostics.map((d) => d.code)).toEqual(['primary-metric-ambiguous'])
  })

  it('refuses a named primary metric that is not in the catalog', () => {
    const report = buildReport(run([outcome('a', { brevity: 0.5 })], { primaryMetric: 'brevity' }), context())
    expect(report.primaryMetric).toBeNull()
    expect(report.diagnostics[0]).toMatchObject({ severity: 'error', code: 'primary-metric-undeclared' })
  })
})

describe('buildReport: usage figures', () => {
  it('aggregates latency and tokens like scores, leaving errored samples out', () => {
    const samples = [
      outcome('a', { accuracy: 1 }, { latencyMs: 100, usage: { inputTokens: 10, outputTokens: 4 } }),
      outcome('b', { accuracy: 1 }, { latencyMs: 300, usage: { inputTokens: 20, outputTokens: 6 } }),
      { ...outcome('c', {}, { latencyMs: 5000, status: 'errored' }), status: 'errored' as const, error: 'HTTP 500' },
    ]
    const report = buildReport(run(samples), context())
    const mean = (metric: string): number | null | undefined => report.metrics.find((row) => row.metric === metric)?.value
    expect([mean('latency'), mean('input_tokens'), mean('output_tokens')]).toEqual([200, 15, 5])
    expect(report.metrics.map((row) => row.metric)).toEqual(['accuracy', 'latency', 'input_tokens', 'output_tokens'])
    expect(report.usage).toEqual({ inputTokens: 30, outputTokens: 10 })
  })
})

describe('buildReport: sample rows', () => {
  // writeReport parses everything but the rows, which it writes as built: each row must already be what a parse
  // would give, key order included, or committed reports would churn
  it('builds every field of a row in the schema key order, as parsing the report would', () => {
    const judge = {
      calls: { invalid: 0, stored: 1, live: 0 },
      judges: ['gpt-4o'],
      status: 'judged',
      pass: true,
      name: 'polite',
      usage: { outputTokens: 3, inputTokens: 9 },
    }
    const meta = SampleMetaSchema.parse({
      judge: [judge],
      costUsd: 0.001,
      usage: { outputTokens: 4, inputTokens: 10 },
      ttftMs: 12.34,
      latencyMs: 100.06,
      output: 'The answer is B.\nANSWER: B',
      checks: [
        {
          hint: { explanation: 'the last number equals the target', answer: "{ kind: 'number' }" },
          explanation: 'exact',
          passage: 'B',
          extracted: 'B',
          target: 'A',
          pass: false,
          kind: 'exact',
          matcher: 'toMatchAnswer',
        },
      ],
      target: ['A', 'a'],
      input: 'Which letter?',
      scores: { accuracy: 0 },
      status: 'scored',
      subset: 'hard',
      attempt: 1,
      sampleId: 'q1',
      kind: 'sample',
    })
    const skipped = SampleMetaSchema.parse({
      notRun: 'cost-limit',
      status: 'pending',
      subset: 'hard',
      attempt: 0,
      sampleId: 'q2',
      kind: 'sample',
    })
    const samples: SampleOutcome[] = [
      { meta, status: 'wrong', name: 'q1' },
      { meta: skipped, status: 'skipped', name: 'q2' },
      { meta: { ...skipped, sampleId: 'q3', notRun: undefined }, status: 'errored', name: 'q3', error: 'HTTP 500' },
    ]
    const report = buildReport(run(samples, { repeats: 2 }), context())
    expect(Object.keys(report.samples[0]!)).toEqual([
      'id',
      'attempt',
      'subset',
      'status',
      'input',
      'target',
      'output',
      'scores',
      'extracted',
      'checks',
      'latencyMs',
      'ttftMs',
      'usage',
      'costUsd',
      'judge',
    ])
    expect(JSON.stringify(report.samples)).toBe(JSON.stringify(ReportSchema.parse(report).samples))
  })

  it('reports an early stop: its reason, the samples it left unrun and what their calls would have cost', () => {
    const scored = (sampleId: string, costUsd: number): SampleOutcome => ({
      meta: { kind: 'sample', sampleId, status: 'scored', scores: { accuracy: 1 }, costUsd },
      status: 'right',
      name: sampleId,
    })
    const left = (sampleId: string): SampleOutcome => ({
      meta: { kind: 'sample', sampleId, status: 'pending', notRun: 'early-stop' },
      status: 'skipped',
      name: sampleId,
    })
    const reason = 'decided after 2 of 5 samples: accuracy ≥ 80% at 95% confidence; confidence sequence accuracy ≥ 90%'
    const gate = {
      metric: 'accuracy',
      subset: null,
      bound: 'min' as const,
      value: 0.8,
      decision: 'pass' as const,
      sequence: { lower: 0.9, upper: 1 },
      samples: 2,
    }
    const report = buildReport(
      run([scored('a', 0.01), scored('b', 0.03), left('c'), left('d'), left('e')], { earlyStop: { reason, gates: [gate] } }),
      context(),
    )
    expect(report.earlyStop).toEqual({ reason, notRun: 3, savedUsd: 0.06, gates: [gate] })
  })

  it('keeps input, target, output and each check text up to 2,000 characters, cut in the middle past that', () => {
    const reply = `${'step '.repeat(1000)}\nANSWER: 7`
    const meta: SampleMeta = {
      kind: 'sample',
      sampleId: 'long',
      status: 'scored',
      scores: { accuracy: 0 },
      input: 'q'.repeat(1500),
      target: ['8', 'x'.repeat(2001)],
      output: cutText(reply),
      checks: [
        {
          matcher: 'default scorer',
          kind: 'exact',
          pass: false,
          target: ['8', 'x'.repeat(2001)],
          extracted: reply,
          passage: reply,
          explanation: 'the reply is not the target',
        },
      ],
    }
    const [row] = buildReport(run([{ meta, status: 'wrong', name: 'long' }]), context()).samples
    expect(row!.input).toBe('q'.repeat(1500))
    expect(row!.output).toHaveLength(2000)
    expect(row!.output!.slice(975, 1030)).toMatchInlineSnapshot(`"step step s...[3,038 characters cut]... step step step "`)
    expect(row!.output!.endsWith('step \nANSWER: 7')).toBe(true)
    expect(row!.target).toEqual(['8', cutText('x'.repeat(2001))])
    expect(row!.extracted).toBe(row!.output)
    expect(row!.checks![0]).toMatchObject({ extracted: row!.output, passage: row!.output, target: row!.target })
  })
})

describe('buildReport: baselines and gates', () => {
  const samples = Array.from({ length: 40 }, (_, i) =>
    outcome(`s${i}`, { accuracy: i < 20 ? 1 : 0 }, { subset: i % 2 === 0 ? 'even' : 'odd' }),
  )
  const entry = { metrics: { accuracy: Object.fromEntries(Array.from({ length: 42 }, (_, i) => [`s${i}`, i < 36 ? 1 : 0])) } }

  it('compares with the baseline on shared samples, listing new and missing ones', () => {
    const report = buildReport(
      run([...samples, outcome('fresh', { accuracy: 1 })]),
      context({ baseline: { file: 'evals/__baselines__/qa.json', entry } }),
    )
    expect(report.baseline).toMatchObject({
      found: true,
      updated: false,
      shared: 40,
      newSamples: ['fresh'],
      missingSamples: ['s40', 's41'],
    })
    // 16 samples went from right to wrong (s20..s35), none the other way: McNemar exact p = 2 / 2^16
    expect(report.baseline!.metrics).toEqual([
      expect.objectContaining({
        metric: 'accuracy',
        test: 'mcnemar',
        n: 40,
        baseline: 0.9,
        current: 0.5,
        worse: 16,
        better: 0,
        pValue: expect.closeTo(2 / 2 ** 16, 15),
      }),
    ])
  })

  it('gates per subset and on regressions, and fails the benchmark on a failed gate', () => {
    const report = buildReport(
      run(samples, { thresholds: { accuracy: { min: 0.4, subsets: { odd: 0.6 } } }, regression: { maxDrop: 0.05, alpha: 0.05 } }),
      context({ baseline: { file: 'evals/__baselines__/qa.json', entry } }),
    )
    expect(report.gates.map((gate) => [gate.kind, gate.passed])).toEqual([
      ['threshold', true],
      ['threshold', false],
      ['regression', false],
    ])
    expect(report.passed).toBe(false)
  })

  it('keeps the baseline section out of a report with no baseline and no regression gate', () => {
    expect(buildReport(run(samples), context()).baseline).toBeNull()
  })

  it('surfaces an unreadable baseline as an error', () => {
    const report = buildReport(run(samples), context({ baseline: { file: 'b.json', entry: undefined, problem: 'b.json: not valid JSON' } }))
    expect(report.diagnostics[0]).toEqual({ severity: 'error', code: 'baseline-invalid', message: 'b.json: not valid JSON' })
    expect(report.passed).toBe(false)
  })
})

describe('buildReport: a run that holds one shard of the samples', () => {
  // every answer wrong: the shard falls short of both gates, which only the merged run may judge
  const samples = Array.from({ length: 6 }, (_, i) => outcome(`s${i}`, { accuracy: 0 }))
  const sharded = (shards: BenchmarkRecords['shards']): BenchmarkRecords => ({
    ...run(samples, { thresholds: { accuracy: 0.9 }, regression: { maxDrop: 0.05, alpha: 0.05 } }),
    shards,
  })

  it('reports its gates as not evaluated and its own verdict as null, never passed beside a failed gate', () => {
    const report = ReportSchema.parse(buildReport(sharded({ count: 2, merged: [1] }), context()))
    expect(report.passed).toBeNull()
    expect(report.gates).toEqual([
      {
        kind: 'threshold',
        metric: 'accuracy',
        subset: null,
        min: 0.9,
        max: null,
        value: 0,
        passed: null,
        reason: 'not evaluated: this run holds shard 1 of 2 of the samples, and gates are evaluated on all of them (--merge-reports)',
      },
      {
        kind: 'regression',
        metric: 'accuracy',
        maxDrop: 0.05,
        alpha: 0.05,
        delta: null,
        pValue: null,
        outcome: 'not-evaluated',
        passed: null,
        reason: 'not evaluated: this run holds shard 1 of 2 of the samples, and gates are evaluated on all of them (--merge-reports)',
      },
    ])
  })

  it('fails on a real error all the same', () => {
    const errored = { ...outcome('e', {}), status: 'errored' as const, error: 'HTTP 500' }
    const report = buildReport({ ...sharded({ count: 2, merged: [2] }), samples: [...samples, errored] }, context())
    expect(report.errorAllowance.passed).toBe(false)
    expect(report.passed).toBe(false)
    expect(report.gates.map((gate) => gate.passed)).toEqual([null, null])
  })

  it('evaluates the gates once every shard is merged', () => {
    const report = buildReport(sharded({ count: 2, merged: [1, 2] }), context())
    expect(report.gates.map((gate) => [gate.passed, gate.reason])).toEqual([
      [false, '0 < min 0.9'],
      [
        false,
        'no baseline scores of "accuracy" for model "gpt-test" in evals/__baselines__/qa.json: run "vitest run -u" and commit the file',
      ],
    ])
    expect(report.passed).toBe(false)
  })
})

// a Vitest module as the reporter receives it, reduced to what the collection reads
function syntheticModule(tests: { meta: SampleMeta; state: 'passed' | 'failed' }[]): TestModule {
  const suite = {
    type: 'suite',
    meta: () => ({ evalsuite: { ...META, name: 'repeated' } }),
    errors: () => [],
    fullName: 'repeated',
  } as unknown as { type: 'suite' }
  const testCases = tests.map(({ meta, state }, index) => ({
    type: 'test',
    name: `${meta.sampleId}#${meta.attempt}`,
    fullName: `repeated > ${meta.sampleId}#${meta.attempt} ${index}`,
    parent: suite,
    meta: () => ({ evalsuite: meta }),
    result: () => ({ state, errors: [] }),
  }))
  return {
    moduleId: '/project/evals/repeated.eval.ts',
    errors: () => [],
    children: { allSuites: () => [suite], allTests: () => testCases },
  } as unknown as TestModule
}

describe('collectRuns and buildReport: repeated samples', () => {
  // Three samples with 3 attempts each; one attempt of "c" errored, so "c" is left out of the k aggregations.
  // By hand: pass@3 over a, b = (1 + 1) / 2; pass^3 = (1 + 0) / 2; majority vote = (1 + 0) / 2 (b: 1 of 3 right).
  const attempt = (sampleId: string, index: number, right: boolean | 'errored'): { meta: SampleMeta; state: 'passed' | 'failed' } =>
    right === 'errored'
      ? { meta: { kind: 'sample', sampleId, attempt: index, status: 'errored', error: 'timeout' }, state: 'failed' }
      : {
          meta: { kind: 'sample', sampleId, attempt: index, status: 'scored', scores: { accuracy: right ? 1 : 0 } },
          state: right ? 'passed' : 'failed',
        }
  const module = syntheticModule([
    attempt('a', 0, true),
    attempt('a', 1, true),
    attempt('a', 2, true),
    attempt('b', 0, false),
    attempt('b', 1, true),
    attempt('b', 2, false),
    attempt('c', 0, true),
    attempt('c', 1, 'errored'),
    attempt('c', 2, true),
  ])

  it('groups the attempts by sample id and reports mean, pass@k, pass^k and majority vote with the exclusions', () => {
    const { runs, problems } = collectRuns([module], '/project')
    expect(problems.failures).toEqual([])
    expect(runs[0]!.samples.map((s) => s.status)).toEqual([
      'right',
      'right',
      'right',
      'wrong',
      'right',
      'wrong',
      'right',
      'errored',
      'right',
    ])
    const report = buildReport(runs[0]!, { ...context(), missingBaselineFails: false })
    expect(report.repeats).toEqual({ attempts: 3, samples: 3 })
    expect(report.metrics.map((row) => [row.aggregation, row.k, row.n, row.samples, row.excluded, row.value])).toEqual([
      ['mean', null, 8, 3, 0, 6 / 8],
      ['pass_at_k', 3, 2, 2, 1, 1],
      ['pass_hat_k', 3, 2, 2, 1, 0.5],
      ['majority_vote', 3, 2, 2, 1, 0.5],
    ])
    expect(report.metrics[0]!.interval!.method).toBe('cluster-wilson')
    expect(report.metrics[2]!.interval).toEqual(wilsonInterval(1, 2))
    expect(report.diagnostics.map((d) => d.message)).toContain(
      'pass@k, pass^k and majority vote leave out 1 sample with fewer than 3 scored attempts',
    )
    expect(report.samples.slice(0, 2)).toEqual([
      { id: 'a', attempt: 0, status: 'right', scores: { accuracy: 1 } },
      { id: 'a', attempt: 1, status: 'right', scores: { accuracy: 1 } },
    ])
  })
})

describe('buildReport: usage', () => {
  const usage = { usage: { inputTokens: 10, outputTokens: 20 }, latencyMs: 400 }

  it('gives the output tokens per second of the wall time of a live run, and none when a reply was replayed', () => {
    const live = buildReport(
      run([outcome('a', { accuracy: 1 }, usage), outcome('b', { accuracy: 1 }, usage)], { durationMs: 2000 }),
      context(),
    )
    expect(live.outputTokensPerSecond).toBe(20)
    const replayed = buildReport(
      run([outcome('a', { accuracy: 1 }, usage), outcome('b', { accuracy: 1 }, { ...usage, replayed: true })], { durationMs: 2000 }),
      context(),
    )
    expect(replayed.outputTokensPerSecond).toBeNull()
    expect(replayed.latencyMs).toEqual({ p50: 400, p90: 400, p99: 400 })
  })
})

describe('buildReport: intervals of judged scores', () => {
  const graded = (sampleId: string, score: number, scale?: { min: number; max: number }): SampleOutcome =>
    outcome(
      sampleId,
      { accuracy: score >= 3 ? 1 : 0, score },
      {
        judge: [
          {
            name: 'numeric judge',
            status: 'judged',
            pass: score >= 3,
            score,
            metric: 'score',
            judges: ['j'],
            calls: { live: 1, stored: 0, invalid: 0 },
            ...(scale ? { scale } : {}),
          },
        ],
      },
    )

  it("keeps a 1–5 judge's mean interval inside its scale, which the catalog does not know", () => {
    const scores = [1, 5, 5, 1, 5]
    const row = (scale?: { min: number; max: number }) =>
      buildReport(run(scores.map((score, i) => graded(`s${i}`, score, scale))), context()).metrics.find(
        (metric) => metric.metric === 'score',
      )!
    // without the scale, the t interval of five 1-or-5 grades reaches past both ends
    expect(row().interval!.upper).toBeGreaterThan(5)
    expect(row({ min: 1, max: 5 }).interval).toMatchObject({ lower: 1, upper: 5 })
  })
})

describe('buildReport: notes on metrics outside the catalog', () => {
  it('notes the first five of 5,000 undeclared metrics one by one, and the rest in one note that names a few', () => {
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`m${String(index).padStart(4, '0')}`, 0.5]))
    const report = buildReport(run([outcome('a', { accuracy: 1, ...many })]), context())
    const notes = report.diagnostics.filter((d) => d.code === 'undeclared-metric').map((d) => d.message)
    expect(notes).toHaveLength(6)
    expect(notes[0]).toBe(
      `"m0000" is not in the metric catalog: shown as a bare value, never compared with the baseline; declare it with evalsuite({ metricDefinitions: { m0000: { direction: 'higher' } } })`,
    )
    expect(notes[5]).toMatchInlineSnapshot(
      `"4,995 more metrics are not in the metric catalog either: "m0005", "m0006", "m0007", "m0008", "m0009" and 4,990 more"`,
    )
  })

  it('quotes a metric name that is not an identifier in the declaration it suggests, so that it can be pasted', () => {
    const report = buildReport(run([outcome('a', { accuracy: 1, 'a/../../b': 1, "it's": 1 })]), context())
    expect(report.diagnostics.filter((d) => d.code === 'undeclared-metric').map((d) => d.message)).toMatchInlineSnapshot(`
      [
        ""a/../../b" is not in the metric catalog: shown as a bare value, never compared with the baseline; declare it with evalsuite({ metricDefinitions: { 'a/../../b': { direction: 'higher' } } })",
        ""it's" is not in the metric catalog: shown as a bare value, never compared with the baseline; declare it with evalsuite({ metricDefinitions: { 'it\\'s': { direction: 'higher' } } })",
      ]
    `)
  })
})

describe('collectRuns and buildReport: a trajectory crosses as JSON text', () => {
  const trajectory: Trajectory = {
    steps: [
      {
        text: '',
        toolCalls: [{ id: 'call_1', name: 'search', arguments: { q: 'x' }, rawArguments: '{"q":"x"}' }],
        toolResults: [{ toolCallId: 'call_1', name: 'search', output: 'found', durationMs: 0, replayed: true }],
        latencyMs: 12,
      },
      { text: 'x', toolCalls: [], toolResults: [], latencyMs: 3 },
    ],
    ended: 'reply',
  }
  const sample = (sampleId: string, text: string): { meta: SampleMeta; state: 'passed' } => ({
    meta: { kind: 'sample', sampleId, attempt: 0, status: 'scored', scores: { accuracy: 1 }, trajectory: text },
    state: 'passed',
  })

  it('reads the text back into the tree the report row holds', () => {
    const { runs, problems } = collectRuns([syntheticModule([sample('a', trajectoryText(trajectory))])], '/project')
    expect(problems.failures).toEqual([])
    expect(runs[0]!.samples[0]!.trajectory).toEqual(trajectory)
    const report = buildReport(runs[0]!, { ...context(), missingBaselineFails: false })
    expect(report.samples[0]!.trajectory).toEqual(trajectory)
    expect(ReportSchema.parse(report).samples[0]!.trajectory).toEqual(trajectory)
  })

  it('refuses a record whose text is not a trajectory, naming the field', () => {
    const { runs, problems } = collectRuns([syntheticModule([sample('a', '{"steps":"none"}'), sample('b', '{')])], '/project')
    expect(runs).toEqual([])
    expect(problems.failures).toEqual([
      expect.stringMatching(/a#0 0: invalid evalsuite record \(trajectory: steps: .+\)$/),
      expect.stringMatching(/b#0 1: invalid evalsuite record \(trajectory: not JSON \(.+\)\)$/),
    ])
  })
})
