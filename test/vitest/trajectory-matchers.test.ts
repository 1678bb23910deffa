import { describe, expect, it, onTestFinished } from 'vitest'
import { toolArgs } from '../../src/agent/index.ts'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { buildReport } from '../../src/report/build-report.ts'
import { renderReports } from '../../src/render/render-table.ts'
import type { Check, SampleMeta } from '../../src/schema/index.ts'
import { toScores } from '../../src/scoring/score-sample.ts'
import { registerMatchers } from '../../src/vitest/matchers.ts'
import { call, trajectoryOf } from '../agent/trajectory-fixtures.ts'

registerMatchers()

const agent = trajectoryOf([call('search', { q: 'refund policy' })], [call('search', { q: 'refunds' }), call('lookup', { id: 7 })])

describe('the trajectory matchers outside a benchmark', () => {
  it('pass and fail as ordinary assertions, with .not', () => {
    expect(agent).toCallTool('lookup', { id: 7 })
    expect(agent).not.toCallTool('delete')
    expect(agent).toCallTools(['search', 'lookup'])
    expect(agent).toMatchTrajectory([['search'], ['lookup', 'search']])
    expect(() => expect(agent).toCallTools(['search', 'lookup'], { extra: 'forbid' })).toThrow(
      'expected the trajectory to match: step 2: called `search` with `{ q: "refunds" }`, expected `lookup`',
    )
  })

  it('refuse what is not a trajectory', () => {
    expect(() => expect('a reply').toCallTool('search')).toThrow(
      `toCallTool expects the sample's trajectory ({ steps, ended }), received "a reply"`,
    )
  })
})

describe('the trajectory matchers inside a sample', () => {
  it('record a check the tool metrics read, and never throw', ({ task }) => {
    const meta: SampleMeta = { kind: 'sample', sampleId: 's', status: 'pending' }
    Object.assign(task.meta, { evalsuite: meta })
    // a record outside any benchmark: left on the task, the unit project's reporter would report it as invalid beside
    // the benchmarks of test/vitest/suite-report.test.ts
    onTestFinished(() => void delete (task.meta as Record<string, unknown>).evalsuite)
    expect(agent).toCallTools([{ name: 'search', arguments: toolArgs.partial({ q: 'refund policy' }) }, 'fetch'], { order: 'any' })
    expect(agent).toCallTool('lookup')
    const checks = meta.checks ?? []
    expect(checks.map((check) => [check.kind, check.pass, check.toolCalls])).toEqual([
      ['trajectory', false, { expected: 2, made: 3, matched: 1 }],
      ['trajectory', true, { expected: 1, made: 3, matched: 1 }],
    ])
    expect(toScores(checks, undefined)).toEqual({ accuracy: 0, tool_call_accuracy: 0, tool_precision: 2 / 6, tool_recall: 2 / 3 })
  })
})

it('gives no precision to a sample that called nothing, and no recall to one that expected nothing', () => {
  const check = (made: number, expected: number, matched: number, pass: boolean): Check => ({
    matcher: 'toCallTools',
    kind: 'trajectory',
    pass,
    target: [],
    extracted: null,
    passage: null,
    explanation: '',
    toolCalls: { expected, made, matched },
  })
  expect(toScores([check(0, 0, 0, true)], undefined)).toEqual({ accuracy: 1, tool_call_accuracy: 1 })
  expect(toScores([check(2, 0, 0, false)], undefined)).toEqual({ accuracy: 0, tool_call_accuracy: 0, tool_precision: 0 })
  expect(createMetricCatalog().get('tool_recall')).toMatchObject({ direction: 'higher', range: { min: 0, max: 1 } })
  expect(createMetricCatalog().get('tool_errors')).toMatchObject({ kind: 'usage', direction: 'lower' })
})

it("says in the wrong sample's line where the trajectory left the expected calls", () => {
  const wrong: Check = {
    matcher: 'toCallTools',
    kind: 'trajectory',
    pass: false,
    target: ['`lookup`'],
    extracted: 'step 1: `search`',
    passage: null,
    explanation: 'step 2: called `search` with `{ q: "refunds" }`, expected `lookup`',
    toolCalls: { expected: 1, made: 1, matched: 0 },
  }
  const meta: SampleMeta = { kind: 'sample', sampleId: 'refund-7', status: 'scored', scores: { accuracy: 0 }, checks: [wrong] }
  const report = buildReport(
    {
      meta: { kind: 'benchmark', name: 'support-agent', model: 'm', thresholds: {}, maxErrors: 0 },
      file: 'evals/a.eval.ts',
      samples: [{ meta, status: 'wrong', name: 'refund-7' }],
    },
    {
      createdAt: '2025-01-01T00:00:00.000Z',
      catalog: createMetricCatalog(),
      baseline: { file: 'evals/__baselines__/a.json', entry: undefined },
      updating: false,
      missingBaselineFails: true,
    },
  )
  expect(report.samples[0]!.checks![0]!.toolCalls).toEqual({ expected: 1, made: 1, matched: 0 })
  const lines = renderReports([report], { color: false, width: 120 })
    .split('\n')
    .filter((line) => line.includes(' wrong:'))
  expect(lines).toMatchInlineSnapshot(`
    [
      "  support-agent: 1 wrong: refund-7: "step 2: called \`search\` with \`{ q: "refunds" }\`, expected \`lookup\`" (trajectory)",
    ]
  `)
})
