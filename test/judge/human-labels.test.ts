import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createBenchmarkJudging, scoreByPolicy } from '../../src/judge/benchmark-judge.ts'
import { ConfigError } from '../../src/errors.ts'
import { judge, type JudgeOptions } from '../../src/judge/index.ts'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { buildReport } from '../../src/report/build-report.ts'
import type { SampleOutcome } from '../../src/records/sample-outcome.ts'
import { ReportSchema, type Sample, type SampleMeta } from '../../src/schema/index.ts'
import { scriptedJudge } from './scripted-judge.ts'

// each sample: the human label, and what the judge replies when the output under test is shown first and second
const CASES: Array<[string, 'win' | 'loss', string, string]> = [
  ['agree-win', 'win', 'A', 'B'],
  ['agree-loss', 'loss', 'B', 'A'],
  ['wrong-both', 'win', 'B', 'A'],
  ['orders-disagree', 'win', 'A', 'A'],
  ['one-invalid', 'loss', 'B', 'no idea'],
  ['both-invalid', 'win', 'hmm', 'no idea'],
]

const byLetter = (reply: string): 'first' | 'second' | null => (reply === 'A' ? 'first' : reply === 'B' ? 'second' : null)

function setUp(options: Partial<JudgeOptions> = {}) {
  const replies = new Map(CASES.map(([id, , first, second]) => [id, { first, second }]))
  const judgeModel = scriptedJudge('grader', ({ parts }) => {
    const [id, order] = parts.get('answer_1')!.split(' ')
    return order === 'under-test' ? replies.get(id!)!.first : replies.get(id!)!.second
  })
  const definition = judge.pairwise({
    prompt: 'Which answer is better? Reply A or B.',
    against: (context) => `${context.sample!.id} other`,
    parseReply: byLetter,
  })
  const expected = (sample: Sample): string => String(sample.target)
  return createBenchmarkJudging('preferences', { model: judgeModel, definition, expected, verdicts: 'live', ...options })
}

async function measure(): Promise<SampleOutcome[]> {
  const judging = setUp()
  const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-human-')), 'preferences.eval.ts')
  return Promise.all(
    CASES.map(async ([id, label]): Promise<SampleOutcome> => {
      const meta: SampleMeta = { kind: 'sample', sampleId: id, status: 'pending' }
      const sample = { id, input: 'Say hello.', target: label }
      meta.scores = await scoreByPolicy(judging, sample, { text: `${id} under-test`, latencyMs: 0 }, undefined, {
        meta,
        file,
        signal: new AbortController().signal,
        annotate: async () => undefined,
      })
      meta.status = 'scored'
      return { meta, status: 'right', name: id }
    }),
  )
}

describe('a judge measured against human labels (judge.expected)', () => {
  it("keeps each order's verdict, disagreeing orders and invalid replies included, and scores the agreement", async () => {
    const samples = await measure()
    expect(samples.map(({ meta }) => [meta.sampleId, meta.judge![0]!.verdicts, meta.scores])).toEqual([
      [
        'agree-win',
        { original: 'win', swapped: 'win' },
        { judge_agreement: 1, judge_agreement_original: 1, judge_agreement_swapped: 1, judge_agreement_both: 1, position_consistency: 1 },
      ],
      [
        'agree-loss',
        { original: 'loss', swapped: 'loss' },
        { judge_agreement: 1, judge_agreement_original: 1, judge_agreement_swapped: 1, judge_agreement_both: 1, position_consistency: 1 },
      ],
      [
        'wrong-both',
        { original: 'loss', swapped: 'loss' },
        { judge_agreement: 0, judge_agreement_original: 0, judge_agreement_swapped: 0, judge_agreement_both: 0, position_consistency: 1 },
      ],
      [
        'orders-disagree',
        { original: 'win', swapped: 'loss' },
        { judge_agreement: 0.5, judge_agreement_original: 1, judge_agreement_swapped: 0, judge_agreement_both: 0, position_consistency: 0 },
      ],
      [
        'one-invalid',
        { original: 'loss', swapped: null },
        { judge_agreement: 0.5, judge_agreement_original: 1, judge_agreement_swapped: 0, judge_agreement_both: 0, position_consistency: 0 },
      ],
      // two invalid replies agree with each other, and with no label
      [
        'both-invalid',
        { original: null, swapped: null },
        { judge_agreement: 0, judge_agreement_original: 0, judge_agreement_swapped: 0, judge_agreement_both: 0, position_consistency: 1 },
      ],
    ])
    expect(samples.map(({ meta }) => meta.judge![0]!.expected)).toEqual(['win', 'loss', 'win', 'win', 'loss', 'win'])
    expect(setUp().measuredJudge).toBe('grader')
  })

  it('reports the kappas (an invalid reply a category of its own) with intervals, and the confusion matrices', async () => {
    const report = ReportSchema.parse(
      buildReport(
        {
          meta: {
            kind: 'benchmark',
            name: 'preferences',
            model: 'task',
            primaryMetric: 'judge_agreement',
            thresholds: { position_kappa: 0.5 },
            maxErrors: 0,
          },
          file: 'evals/p.eval.ts',
          samples: await measure(),
        },
        {
          createdAt: '2025-01-01T00:00:00.000Z',
          catalog: createMetricCatalog(),
          baseline: { file: 'b.json', entry: undefined },
          updating: false,
          missingBaselineFails: true,
        },
      ),
    )
    const value = (metric: string): number | null | undefined => report.metrics.find((row) => row.metric === metric)?.value
    // labels w l w w l w against original w l l w l none: po 4/6, pe (4·2 + 2·3) / 36
    expect(value('judge_kappa_original')).toBeCloseTo((4 / 6 - 14 / 36) / (1 - 14 / 36), 12)
    // against swapped w l l l none none: po 2/6, pe (4·1 + 2·3) / 36
    expect(value('judge_kappa_swapped')).toBeCloseTo((2 / 6 - 10 / 36) / (1 - 10 / 36), 12)
    // original w l l w l none against swapped w l l l none none: po 4/6, pe (2·1 + 3·3 + 1·2) / 36
    expect(value('position_kappa')).toBeCloseTo((4 / 6 - 13 / 36) / (1 - 13 / 36), 12)
    expect(value('judge_agreement_original')).toBeCloseTo(4 / 6, 12)
    expect(report.metrics.find((row) => row.metric === 'position_kappa')).toMatchObject({
      n: 6,
      samples: 6,
      interval: { method: 'dirichlet', level: 0.95 },
    })
    expect(report.primaryMetric).toBe('judge_agreement')
    expect(report.judge?.confusion).toEqual({
      original: { win: { win: 2, loss: 1, none: 1 }, loss: { loss: 2 } },
      swapped: { win: { win: 1, loss: 2, none: 1 }, loss: { loss: 1, none: 1 } },
    })
    expect(report.gates).toMatchObject([{ metric: 'position_kappa', passed: false }])
    expect(report.catalog.position_kappa).toMatchObject({ direction: 'higher', range: { min: -1, max: 1 } })
  })

  it('refuses what it cannot measure: no definition, another policy, a panel, repeats', () => {
    const judgeModel = scriptedJudge('grader', () => 'A')
    expect(() => createBenchmarkJudging('preferences', { model: judgeModel, expected: () => 'win' })).toThrow(
      new ConfigError('describeBenchmark("preferences"): "judge.expected" needs "judge.definition", the judge it measures.'),
    )
    expect(() => setUp({ model: [judgeModel, judgeModel], repeats: 2 })).toThrow(
      new ConfigError(
        'describeBenchmark("preferences"): "judge.expected" measures one judge model, not 2; measures each verdict asked once, not with "repeats" 2.',
      ),
    )
    const workflow = judge.workflow({
      name: 'rubric',
      cases: [],
      request: () => ({ criteria: 'x', material: {} }),
      reduce: () => ({ pass: true, score: 1 }),
    })
    expect(() => setUp({ definition: workflow })).toThrow(
      '"judge.expected" measures a labels, numeric or pairwise judge, whose one verdict can equal a label, not a workflow.',
    )
    expect(() => setUp({ policy: 'cascade' })).toThrow(
      new ConfigError(
        'describeBenchmark("preferences"): "judge.expected" measures the judge alone, so "judge.policy" must be "judge-only", not "cascade".',
      ),
    )
  })

  it('errs a sample whose human verdict is not a label or a score, naming it', async () => {
    const judging = setUp({ expected: () => ({ label: 'win' }) as never })
    expect(() => judging.humanVerdict({ id: 's7', input: 'x', target: 'win' })).toThrow(
      'describeBenchmark("preferences"): judge.expected returned {"label":"win"} for sample "s7"; return the human verdict: "win", "loss" or "tie" for a pairwise judge, a label, or a finite score.',
    )
  })
})

describe('a numeric judge measured against human scores', () => {
  it('scores the absolute error of each valid grade, and reports the correlations over them', async () => {
    // human scores, and the grade the judge gives (null: an unreadable reply)
    const cases: Array<[string, number, number | null]> = [
      ['a', 1, 2],
      ['b', 2, 2],
      ['c', 3, 5],
      ['d', 4, 4],
      ['e', 5, null],
    ]
    const grades = new Map(cases.map(([id, , grade]) => [id, grade]))
    const judgeModel = scriptedJudge('grader', ({ parts }) => `Score: ${grades.get(parts.get('response')!) ?? 'none'}`)
    const definition = judge.numeric({
      prompt: 'Rate 1 to 5 as "Score: n".',
      min: 1,
      max: 5,
      parseReply: (reply) => Number(/Score: (\d)/.exec(reply)?.[1] ?? Number.NaN) || null,
    })
    const judging = createBenchmarkJudging('ratings', {
      model: judgeModel,
      definition,
      expected: (sample) => Number(sample.target),
      verdicts: 'live',
    })
    const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-human-')), 'ratings.eval.ts')
    const samples = await Promise.all(
      cases.map(async ([id, human]): Promise<SampleOutcome> => {
        const meta: SampleMeta = { kind: 'sample', sampleId: id, status: 'scored' }
        meta.scores = await scoreByPolicy(
          judging,
          { id, input: 'Rate it.', target: String(human) },
          { text: id, latencyMs: 0 },
          undefined,
          { meta, file, signal: new AbortController().signal, annotate: async () => undefined },
        )
        return { meta, status: 'right', name: id }
      }),
    )
    expect(samples.map(({ meta }) => meta.scores)).toEqual([{ judge_mae: 1 }, { judge_mae: 0 }, { judge_mae: 2 }, { judge_mae: 0 }, {}])
    const report = buildReport(
      {
        meta: { kind: 'benchmark', name: 'ratings', model: 'task', primaryMetric: 'judge_mae', thresholds: {}, maxErrors: 0 },
        file: 'evals/r.eval.ts',
        samples,
      },
      {
        createdAt: '2025-01-01T00:00:00.000Z',
        catalog: createMetricCatalog(),
        baseline: { file: 'b.json', entry: undefined },
        updating: false,
        missingBaselineFails: true,
      },
    )
    const row = (metric: string) => report.metrics.find((r) => r.metric === metric)
    expect(row('judge_mae')).toMatchObject({ n: 4, value: 0.75 })
    // grades 2 2 5 4 against 1 2 3 4: ranks 1.5 1.5 4 3 against 1 2 3 4, so 3.5 / √(4.5 · 5); Pearson 4.5 / √(6.75 · 5)
    expect(row('judge_spearman')).toMatchObject({ n: 4 })
    expect(row('judge_spearman')!.value).toBeCloseTo(3.5 / Math.sqrt(4.5 * 5), 12)
    expect(row('judge_pearson')!.value).toBeCloseTo(4.5 / Math.sqrt(6.75 * 5), 12)
    expect(report.judge?.confusion).toBeUndefined()
  })
})

describe('a labels judge measured against human labels', () => {
  it('asks once, scores agreement in that order, and reports its kappa and confusion matrix', async () => {
    const cases: Array<[string, string, string]> = [
      ['a', 'polite', 'polite'],
      ['b', 'rude', 'polite'],
      ['c', 'rude', 'rude'],
      ['d', 'polite', '???'],
    ]
    const replies = new Map(cases.map(([id, , reply]) => [id, reply]))
    const judgeModel = scriptedJudge('grader', ({ parts }) => replies.get(parts.get('response')!)!)
    const definition = judge.labels({
      prompt: 'Is the reply polite or rude? Answer with the one word.',
      labels: { polite: 1, rude: 0 },
      parseReply: (reply) => (reply === 'polite' || reply === 'rude' ? reply : null),
    })
    const judging = createBenchmarkJudging('tone', {
      model: judgeModel,
      definition,
      expected: (sample) => String(sample.target),
      verdicts: 'live',
    })
    const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-human-')), 'tone.eval.ts')
    const samples = await Promise.all(
      cases.map(async ([id, human]): Promise<SampleOutcome> => {
        const meta: SampleMeta = { kind: 'sample', sampleId: id, status: 'scored' }
        meta.scores = await scoreByPolicy(
          judging,
          { id, input: 'Reply to the customer.', target: human },
          { text: id, latencyMs: 0 },
          undefined,
          { meta, file, signal: new AbortController().signal, annotate: async () => undefined },
        )
        return { meta, status: 'right', name: id }
      }),
    )
    expect(judgeModel.prompts).toHaveLength(4)
    expect(samples.map(({ meta }) => [meta.judge![0]!.verdicts, meta.scores])).toEqual([
      [{ original: 'polite' }, { judge_agreement: 1, judge_agreement_original: 1 }],
      [{ original: 'polite' }, { judge_agreement: 0, judge_agreement_original: 0 }],
      [{ original: 'rude' }, { judge_agreement: 1, judge_agreement_original: 1 }],
      [{ original: null }, { judge_agreement: 0, judge_agreement_original: 0 }],
    ])
    const report = buildReport(
      {
        meta: { kind: 'benchmark', name: 'tone', model: 'grader', primaryMetric: 'judge_agreement', thresholds: {}, maxErrors: 0 },
        file: 'evals/t.eval.ts',
        samples,
      },
      {
        createdAt: '2025-01-01T00:00:00.000Z',
        catalog: createMetricCatalog(),
        baseline: { file: 'b.json', entry: undefined },
        updating: false,
        missingBaselineFails: true,
      },
    )
    // labels p r r p against verdicts p p r none: po 2/4, pe (2·2 + 2·1) / 16
    expect(report.metrics.find((row) => row.metric === 'judge_kappa_original')!.value).toBeCloseTo((2 / 4 - 6 / 16) / (1 - 6 / 16), 12)
    expect(report.metrics.map((row) => row.metric)).not.toContain('position_kappa')
    expect(report.judge?.confusion).toEqual({ original: { polite: { polite: 1, none: 1 }, rude: { polite: 1, rude: 1 } } })
  })
})
