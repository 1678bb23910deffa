import { describe, expect, it } from 'vitest'
import { parseReport, REPORT_VERSION } from '../../src/schema/index.ts'

// a report as version 6 wrote it: the cost limit as `budget` with `maxCostUsd`, the error allowance as `errorBudget`,
// a shard's regression gate "not-judged" and a sample the cost limit left out `notRun: "budget"`
const version6 = {
  version: 6,
  benchmark: 'arithmetic',
  model: 'gpt-test',
  file: 'evals/arithmetic.eval.ts',
  createdAt: '2025-01-01T00:00:00.000Z',
  primaryMetric: 'accuracy',
  passed: null,
  counts: { samples: 2, right: 1, wrong: 0, errored: 0, skipped: 1 },
  repeats: null,
  errorBudget: { maxErrors: 0, errored: 0, passed: true },
  catalog: {},
  metrics: [],
  baseline: null,
  gates: [
    {
      kind: 'regression',
      metric: 'accuracy',
      maxDrop: 0.02,
      alpha: 0.05,
      delta: null,
      pValue: null,
      outcome: 'not-judged',
      passed: null,
      reason: 'shard',
    },
  ],
  diagnostics: [],
  usage: { inputTokens: 10, outputTokens: 2 },
  latencyMs: null,
  durationMs: null,
  budget: { maxCostUsd: 0.03, spentUsd: 0.028, notRun: 1 },
  samples: [
    { id: 'a', status: 'right' },
    { id: 'b', status: 'skipped', notRun: 'budget' },
  ],
}

describe('parseReport', () => {
  it('reads a report of version 6 under the names of this version', () => {
    const report = parseReport(version6)
    expect(report.version).toBe(REPORT_VERSION)
    expect(report.costLimit).toEqual({ maxCost: 0.03, spentUsd: 0.028, notRun: 1 })
    expect(report.errorAllowance).toEqual({ maxErrors: 0, errored: 0, passed: true })
    expect(report.gates[0]).toMatchObject({ kind: 'regression', outcome: 'not-evaluated' })
    expect(report.samples[1]).toEqual({ id: 'b', status: 'skipped', notRun: 'cost-limit' })
    expect(report).not.toHaveProperty('budget')
    expect(report).not.toHaveProperty('errorBudget')
  })

  it('reads a report of this version as it is', () => {
    const current = parseReport(version6)
    expect(parseReport(JSON.parse(JSON.stringify(current)))).toEqual(current)
  })

  it('refuses a version it does not read, and a malformed report, saying which field', () => {
    expect(() => parseReport({ ...version6, version: 5 })).toThrow(
      `An evalsuite report of version 5: this evalsuite reads versions 6 and ${REPORT_VERSION}. Write it again with this evalsuite (vitest run evals).`,
    )
    expect(() => parseReport({ ...version6, counts: { samples: 'two' } })).toThrow(
      /^An evalsuite report of version 6 is malformed: .*counts\.samples/,
    )
  })

  it('quotes a hostile report within bounds: a version or a field name of a megabyte is cut in the message', () => {
    const huge = 'x'.repeat(1_000_000)
    const messageOf = (json: unknown): string => {
      try {
        parseReport(json)
      } catch (error) {
        return (error as Error).message
      }
      throw new Error('parsed')
    }
    expect(messageOf({ ...version6, version: huge }).length).toBeLessThan(1_000)
    const badField = messageOf({ ...version6, catalog: { [huge]: 'not a definition' } })
    expect(badField).toMatch(/^An evalsuite report of version 6 is malformed: catalog\.x+/)
    expect(badField.length).toBeLessThan(2_000)
  })
})
