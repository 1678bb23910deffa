import { describe, expect, it } from 'vitest'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { resolvePrimaryMetric } from '../../src/report/primary-metric.ts'

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
})
