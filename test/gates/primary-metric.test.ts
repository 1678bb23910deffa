import { describe, expect, it } from 'vitest'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { judgeOnlyMetric, resolvePrimaryMetric } from '../../src/gates/primary-metric.ts'
import type { SampleMeta } from '../../src/schema/index.ts'

const meta = { kind: 'benchmark' as const, name: 'support-bot', model: 'task', thresholds: {}, maxErrors: 0 }
const catalog = createMetricCatalog({ politeness: { direction: 'higher', range: [0, 1] }, bleu: { direction: 'higher' } })

describe('resolvePrimaryMetric', () => {
  it('takes accuracy, the verdict, when a scorer emits scores of its own beside it', () => {
    expect(resolvePrimaryMetric(meta, ['accuracy', 'politeness', 'latency'], catalog)).toEqual({ metric: 'accuracy' })
  })

  it('takes the only score metric', () => {
    expect(resolvePrimaryMetric(meta, ['bleu', 'latency', 'brevity'], catalog)).toEqual({ metric: 'bleu' })
  })

  it('refuses to guess between scores without accuracy, naming the fix in one line', () => {
    expect(resolvePrimaryMetric(meta, ['politeness', 'bleu'], catalog)).toEqual({
      metric: null,
      problem: {
        severity: 'error',
        code: 'primary-metric-ambiguous',
        message: 'it emits "bleu", "politeness" and no accuracy, so add primaryMetric: "bleu" (or another) where "support-bot" is declared',
      },
    })
  })

  it('refuses to guess between several metrics outside the catalog, with no score metric beside them', () => {
    expect(resolvePrimaryMetric(meta, ['rouge', 'brevity', 'latency'], catalog)).toEqual({
      metric: null,
      problem: {
        severity: 'error',
        code: 'primary-metric-ambiguous',
        message: `it emits "brevity", "rouge", none of them in the metric catalog, and no accuracy, so none can be its primary metric: declare one with evalsuite({ metricDefinitions: { brevity: { direction: 'higher' } } }) and add primaryMetric: "brevity" where "support-bot" is declared`,
      },
    })
    // beside a score metric of the catalog, they are bare values and it is the benchmark's primary metric
    expect(resolvePrimaryMetric(meta, ['rouge', 'brevity', 'bleu'], catalog)).toEqual({ metric: 'bleu' })
  })

  it("takes the judge's metric when a judge alone grades the benchmark, accuracy being only its pass line", () => {
    expect(resolvePrimaryMetric(meta, ['accuracy', 'win_rate'], catalog, 'win_rate')).toEqual({ metric: 'win_rate' })
    // a judge's metric outside the catalog cannot be the benchmark's primary metric: accuracy does
    expect(resolvePrimaryMetric(meta, ['accuracy', 'helpfulness'], catalog, 'helpfulness')).toEqual({ metric: 'accuracy' })
  })
})

describe('judgeOnlyMetric', () => {
  const judged = (metric: string | undefined, extra: Partial<SampleMeta> = {}): { meta: SampleMeta } => ({
    meta: {
      kind: 'sample',
      sampleId: 's',
      status: 'scored',
      judge: [{ name: 'judge', status: 'judged', pass: true, score: 1, ...(metric ? { metric } : {}) }],
      ...extra,
    } as SampleMeta,
  })

  it('is the one metric every scored sample was graded on by judges alone', () => {
    expect(judgeOnlyMetric([judged('win_rate'), judged('win_rate'), { meta: { kind: 'sample', sampleId: 'e', status: 'errored' } }])).toBe(
      'win_rate',
    )
  })

  it('is none when a sample has an answer check, no judgement, or a judgement on another metric', () => {
    const check = { matcher: 'toMatchAnswer', kind: 'exact', pass: true, target: 'a', extracted: 'a', passage: 'a', explanation: 'equal' }
    expect(judgeOnlyMetric([judged('win_rate'), judged('win_rate', { checks: [check] })])).toBeUndefined()
    expect(
      judgeOnlyMetric([judged('win_rate'), { meta: { kind: 'sample', sampleId: 'r', status: 'scored', scores: { accuracy: 1 } } }]),
    ).toBeUndefined()
    expect(judgeOnlyMetric([judged('win_rate'), judged('judge_score')])).toBeUndefined()
    expect(judgeOnlyMetric([judged(undefined)])).toBeUndefined()
  })
})
