import { comparePaired, holmAdjust } from '../metrics/index.ts'
import {
  type BenchmarkMeta,
  type MetricSemantics,
  type Report,
  VARIANT_MATRIX_VERSION,
  type VariantMatrix,
  type VariantMeta,
  type VariantRow,
} from '../schema/index.ts'
import type { SampleOutcome } from '../records/index.ts'

/** One variant as run: its suite's record, its samples and its judged report. */
export interface VariantRun {
  meta: BenchmarkMeta
  samples: readonly SampleOutcome[]
  report: Report
}

type Direction = 'higher' | 'lower'

// each scored sample (and attempt) by its key, so that two variants are compared on the samples both scored
function scoresOf(samples: readonly SampleOutcome[], metric: string): Map<string, number> {
  const scores = new Map<string, number>()
  for (const { meta, status } of samples) {
    const value = meta.scores?.[metric]
    if ((status === 'right' || status === 'wrong') && value !== undefined) scores.set(`${meta.sampleId}#${meta.attempt ?? 0}`, value)
  }
  return scores
}

function baseRow(variant: VariantMeta, run: VariantRun, metric: string | null): VariantRow {
  const { report } = run
  const row = report.metrics.find((r) => r.metric === metric && r.subset === null && r.aggregation === 'mean' && r.averaging === 'micro')
  const scored = report.counts.right + report.counts.wrong
  const costUsd = report.costUsd ?? null
  return {
    name: variant.name,
    benchmark: report.benchmark,
    model: report.model,
    values: variant.values,
    n: row?.n ?? 0,
    value: row?.value ?? null,
    interval: row?.interval ?? null,
    costUsd,
    costPerSample: costUsd === null || scored === 0 ? null : costUsd / scored,
    usage: report.usage,
    latencyMs: report.latencyMs === null ? null : { p50: report.latencyMs.p50, p90: report.latencyMs.p90 },
    nonDominated: null,
    comparison: null,
  }
}

// the value made "higher is better", so that one comparison serves both directions
const oriented = (direction: Direction, value: number): number => (direction === 'higher' ? value : -value)

function markNonDominated(rows: VariantRow[], direction: Direction): void {
  const priced = rows.filter((row) => row.value !== null && row.costPerSample !== null)
  if (priced.length !== rows.length) return
  for (const row of rows) {
    const value = oriented(direction, row.value!)
    row.nonDominated = !rows.some((other) => {
      const otherValue = oriented(direction, other.value!)
      return (
        otherValue >= value &&
        other.costPerSample! <= row.costPerSample! &&
        (otherValue > value || other.costPerSample! < row.costPerSample!)
      )
    })
  }
}

function compareRows(
  rows: VariantRow[],
  runs: readonly VariantRun[],
  reference: number,
  metric: string,
  direction: Direction,
  compare: VariantMeta['compare'],
  range: MetricSemantics['range'] | undefined,
): void {
  const referenceScores = scoresOf(runs[reference]!.samples, metric)
  const tested = rows.flatMap((row, index) => {
    if (index === reference) return []
    const pairs = [...scoresOf(runs[index]!.samples, metric)].flatMap(([key, current]) => {
      const baseline = referenceScores.get(key)
      return baseline === undefined ? [] : [{ baseline, current }]
    })
    const result = comparePaired(pairs, direction === 'lower', range === undefined ? {} : { range })
    return result === null ? [] : [{ row, result }]
  })
  const adjusted = holmAdjust(tested.map(({ result }) => result.pValue))
  tested.forEach(({ row, result }, index) => {
    const adjustedP = adjusted[index]!
    const { maxDrop, alpha } = compare
    const lowest =
      result.interval === null ? null : Math.min(oriented(direction, result.interval.lower), oriented(direction, result.interval.upper))
    row.comparison = {
      test: result.test,
      n: result.n,
      delta: result.delta,
      interval: result.interval,
      pValue: result.pValue,
      adjustedP,
      nonInferior: maxDrop === undefined ? null : lowest !== null && lowest > -maxDrop,
      passed: maxDrop === undefined ? null : !(oriented(direction, result.delta) < -maxDrop && adjustedP < alpha),
    }
  })
}

/**
 * The variants of one benchmark side by side: each one's primary metric with its interval, cost, tokens and latency,
 * and, against the reference, the paired difference on the samples both scored (McNemar's exact test for pass/fail
 * scores, a paired bootstrap otherwise), Holm-corrected, with the compare gate judged and the variants that no other
 * is both better than and cheaper than marked. The runs all carry the same `variant.of`.
 */
export function buildVariantMatrix(runs: readonly VariantRun[]): VariantMatrix {
  const variant = runs[0]!.meta.variant!
  const reference = runs.findIndex((run) => run.meta.variant?.name === variant.reference)
  const { report } = reference === -1 ? runs[0]! : runs[reference]!
  const metric = report.primaryMetric
  const rows = runs.map((run) => baseRow(run.meta.variant!, run, metric))
  const declared = metric === null ? undefined : report.catalog[metric]?.direction
  const way = declared === 'higher' || declared === 'lower' ? declared : null
  if (metric !== null && way !== null) {
    markNonDominated(rows, way)
    if (reference !== -1) compareRows(rows, runs, reference, metric, way, variant.compare, report.catalog[metric]?.range)
  }
  const outcomes = rows.map((row) => row.comparison?.passed ?? null)
  const passed = outcomes.includes(false) ? false : outcomes.includes(true) ? true : null
  return {
    version: VARIANT_MATRIX_VERSION,
    benchmark: variant.of,
    file: report.file,
    metric,
    direction: way,
    reference: variant.reference,
    maxDrop: variant.compare.maxDrop ?? null,
    alpha: variant.compare.alpha,
    passed,
    rows,
  }
}

/** The runs of benchmarks with variants, one group per benchmark and eval file, in the order their first variant ran. */
export function groupVariantRuns(runs: readonly VariantRun[]): VariantRun[][] {
  const groups = new Map<string, VariantRun[]>()
  for (const run of runs) {
    const of = run.meta.variant?.of
    if (of === undefined) continue
    const key = `${run.report.file}\0${of}`
    groups.set(key, [...(groups.get(key) ?? []), run])
  }
  return [...groups.values()]
}
