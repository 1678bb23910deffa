import { describe, expect, it } from 'vitest'
import { createMetricCatalog, pairedBootstrap } from '../../src/metrics/index.ts'
import { buildReport, type ReportContext } from '../../src/report/build-report.ts'
import type { BenchmarkRecords } from '../../src/records/collect-runs.ts'
import { sampleOutcome } from '../../src/records/index.ts'
import { renderVariantMatrices, variantAnnotations, variantMatrices, withVariantGates } from '../../src/finish/variant-summary.ts'
import type { BenchmarkMeta, SampleMeta } from '../../src/schema/index.ts'

const CONTEXT: ReportContext = {
  createdAt: '2025-01-01T00:00:00.000Z',
  catalog: createMetricCatalog({ mae: { direction: 'lower' } }),
  baseline: { file: 'evals/__baselines__/grades.json', entry: undefined },
  updating: false,
  missingBaselineFails: false,
}

function variantRun(name: string, errors: readonly number[], costUsd?: number, shard?: { index: number; count: number }): BenchmarkRecords {
  const meta: BenchmarkMeta = {
    kind: 'benchmark',
    name: `grades/${name}`,
    model: name,
    primaryMetric: 'mae',
    thresholds: {},
    maxErrors: 0,
    ...(shard ? { shard } : {}),
    variant: { of: 'grades', name, values: { model: name }, reference: 'base', compare: { maxDrop: 0.1, alpha: 0.05 } },
  }
  const samples = errors.map((mae, index) => {
    const sample: SampleMeta = {
      kind: 'sample',
      sampleId: `s${index}`,
      status: 'scored',
      scores: { mae },
      ...(costUsd === undefined ? {} : { costUsd }),
    }
    return sampleOutcome(sample, `s${index}`, 'passed', [])
  })
  return { meta, file: 'evals/grades.eval.ts', samples, ...(shard ? { shards: { count: shard.count, merged: [shard.index] } } : {}) }
}

function matricesOf(runs: BenchmarkRecords[]) {
  return variantMatrices(
    runs,
    runs.map((run) => buildReport(run, CONTEXT)),
  )
}

const BASE = [0.1, 0.2, 0.1, 0.3, 0.2, 0.1, 0.2, 0.1, 0.3, 0.2, 0.1, 0.2]
const worse = BASE.map((value) => value + 0.3)
const close = BASE.map((value, index) => value + (index % 2 === 0 ? 0.01 : -0.01))

describe('the variant matrix of a continuous, lower-is-better metric', () => {
  const [matrix] = matricesOf([variantRun('base', BASE, 0.001), variantRun('worse', worse, 0.0005), variantRun('close', close, 0.002)])

  it('compares each variant with the reference by a paired bootstrap of the per-sample differences, Holm-corrected', () => {
    const bootstrap = pairedBootstrap(worse.map((value, index) => value - BASE[index]!))
    const row = matrix!.rows[1]!
    // every difference is 0.3: the bootstrap's interval, and the t interval it is widened to, are that point
    expect(row.comparison).toMatchObject({ test: 'paired-bootstrap', n: 12, pValue: bootstrap.pValue })
    expect(row.comparison!.interval).toMatchObject({ ...bootstrap.interval, method: 'bootstrap-changed-t' })
    expect(row.comparison!.delta).toBeCloseTo(0.3, 12)
    expect(row.comparison!.adjustedP).toBe(Math.min(1, 2 * Math.min(bootstrap.pValue, matrix!.rows[2]!.comparison!.pValue)))
  })

  it('fails the gate of a variant higher (worse) by more than maxDrop, and reads a close one as non-inferior', () => {
    expect(matrix!.rows.map((row) => [row.name, row.comparison?.passed ?? null, row.comparison?.nonInferior ?? null])).toEqual([
      ['base', null, null],
      ['worse', false, false],
      ['close', true, true],
    ])
    expect(matrix!.passed).toBe(false)
    const verdict = withVariantGates(
      { passed: true, reasons: [], notJudged: [] },
      matricesOf([variantRun('base', BASE), variantRun('worse', worse)]),
    )
    expect(verdict.passed).toBe(false)
    expect(verdict.reasons).toHaveLength(1)
    expect(verdict.reasons[0]).toMatch(/^grades \[worse\]: significantly worse than base by more than maxDrop 0.1 \(Holm p /)
    expect(variantAnnotations([matrix!])).toEqual([
      expect.stringMatching(
        /^::error file=evals\/grades\.eval\.ts,title=evalsuite%3A grades compare::grades \[worse\]: significantly worse than base/,
      ),
    ])
  })

  it('renders as a Markdown table for the job summary, the mark explained below it', () => {
    expect(renderVariantMatrices([matrix!], CONTEXT.catalog, true)).toMatchInlineSnapshot(`
      "### grades: 3 variants on mae, against base; compare gate maxDrop 0.1, α 0.05 after Holm's correction

      | variant | model | mae | 95% CI | n | cost/sample | tokens | latency p50 / p90 | Δ vs base | Δ 95% CI | p | p (Holm) | reading |
      | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
      | \\* base | base | 0.175 | [0.127, 0.223] | 12 | \\$0.001 | — | — |  |  |  |  | reference |
      | \\* worse | worse | 0.475 | [0.427, 0.523] | 12 | \\$0.0005 | — | — | +0.300 | [+0.300, +0.300] | p<0.001 | p<0.001 | FAILED: significantly worse by more than 0.100 |
      | close | close | 0.175 | [0.127, 0.223] | 12 | \\$0.002 | — | — | +0.000 | [-0.007, +0.007] | p=1.00 | p=1.00 | non-inferior (within 0.100) |

      \\* not dominated on (mae, cost per sample): no other variant is as good and as cheap, and better or cheaper
      "
    `)
  })

  it('marks the variants no other is both at least as good and as cheap per sample as, and better or cheaper', () => {
    // base: lower error than worse, dearer; worse: cheapest; close: as good as base on average, but dearer
    expect(matrix!.rows.map((row) => [row.name, row.costPerSample, row.nonDominated])).toEqual([
      ['base', 0.001, true],
      ['worse', 0.0005, true],
      ['close', 0.002, false],
    ])
    const [unpriced] = matricesOf([variantRun('base', BASE, 0.001), variantRun('worse', worse)])
    expect(unpriced!.rows.map((row) => row.nonDominated)).toEqual([null, null])
  })
})

it('evaluates no gate without the reference, nor in a run of one shard', () => {
  const [alone] = matricesOf([variantRun('worse', worse)])
  expect([alone!.rows[0]!.comparison, alone!.passed]).toEqual([null, null])
  const [sharded] = matricesOf([
    variantRun('base', BASE, undefined, { index: 1, count: 2 }),
    variantRun('worse', worse, undefined, { index: 1, count: 2 }),
  ])
  expect([sharded!.rows[1]!.comparison?.passed, sharded!.passed]).toEqual([null, null])
})
