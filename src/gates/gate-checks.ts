import {
  diagnosticSemantics,
  formatDelta,
  formatInterval,
  formatP,
  formatValue,
  isHeadlineRow,
  noIntervalReason,
} from '../metrics/index.ts'
import { type BenchmarkMeta, type Gate, type MetricSemantics, type Report, shortLines } from '../schema/index.ts'
import { gateTitle } from './gates.ts'

/** One gate of a benchmark, as known before it runs: what its gate test is named for and judges. */
export type GateTest =
  | { kind: 'threshold'; metric: string; subset: string | null; min: number | null; max: number | null }
  | { kind: 'regression'; metric: string | null; maxDrop: number; alpha: number }
  | { kind: 'errors'; maxErrors: number }

/** A gate's outcome in one line for its test: null `passed` when this run does not judge it (a shard). */
export interface GateEvaluation {
  passed: boolean | null
  summary: string
}

/**
 * The gates of a benchmark in the order its gate tests run: each threshold (as `thresholdGates` lists them), the
 * regression gate (on the metric the benchmark's resolution decided; null when the scores will decide it), the
 * error allowance.
 */
export function gateTests(meta: BenchmarkMeta): GateTest[] {
  const planned: GateTest[] = []
  for (const [metric, threshold] of Object.entries(meta.thresholds)) {
    const { subsets, ...bounds } = typeof threshold === 'number' ? { min: threshold, subsets: undefined } : threshold
    if (bounds.min !== undefined || bounds.max !== undefined)
      planned.push({ kind: 'threshold', metric, subset: null, min: bounds.min ?? null, max: bounds.max ?? null })
    for (const [subset, subsetThreshold] of Object.entries(subsets ?? {})) {
      const subsetBounds = typeof subsetThreshold === 'number' ? { min: subsetThreshold } : subsetThreshold
      planned.push({ kind: 'threshold', metric, subset, min: subsetBounds.min ?? null, max: subsetBounds.max ?? null })
    }
  }
  if (meta.regression) {
    const { metric, maxDrop, alpha } = meta.regression
    planned.push({ kind: 'regression', metric: metric ?? null, maxDrop, alpha })
  }
  planned.push({ kind: 'errors', maxErrors: meta.maxErrors })
  return planned
}

function boundsText(min: number | null, max: number | null, show: (value: number) => string): string {
  if (min !== null && max !== null) return `in [${show(min)}, ${show(max)}]`
  return min !== null ? `≥ ${show(min)}` : `≤ ${show(max!)}`
}

/**
 * The gate test's name: "gate: accuracy ≥ 0.7", "gate: no regression of accuracy (maxDrop 0.02)", "gate: errored
 * samples ≤ 0 (maxErrors)".
 */
export function gateTestName(planned: GateTest): string {
  if (planned.kind === 'threshold') {
    const subset = planned.subset === null ? '' : ` (subset ${planned.subset})`
    return `gate: ${planned.metric}${subset} ${boundsText(planned.min, planned.max, String)}`
  }
  if (planned.kind === 'regression')
    return `gate: no regression of ${planned.metric ?? 'the primary metric'} (maxDrop ${planned.maxDrop}, α ${planned.alpha})`
  return `gate: errored samples ≤ ${planned.maxErrors} (maxErrors)`
}

function semanticsOf(report: Report, metric: string): MetricSemantics {
  return report.catalog[metric] ?? diagnosticSemantics()
}

// the metric's value with its interval and count, its bounds, and its change against the baseline
function thresholdSummary(report: Report, gate: Extract<Gate, { kind: 'threshold' }>): string {
  const semantics = semanticsOf(report, gate.metric)
  const row = report.metrics.find((r) => r.metric === gate.metric && r.subset === gate.subset && isHeadlineRow(r))
  const name = gate.subset === null ? gate.metric : `${gate.metric} (subset ${gate.subset})`
  const measured =
    row === undefined
      ? `${name}: no score`
      : `${name} ${formatValue(semantics, row.value)} ${formatInterval(semantics, row.interval, noIntervalReason(row))} (n ${row.n})`
  const parts = [measured, `threshold ${boundsText(gate.min, gate.max, (value) => formatValue(semantics, value))}`]
  const comparison = gate.subset === null ? report.baseline?.metrics.find((c) => c.metric === gate.metric) : undefined
  if (comparison)
    parts.push(
      `baseline ${formatValue(semantics, comparison.baseline)} (${formatDelta(semantics, comparison.delta)}, ${formatP(comparison.pValue)})`,
    )
  return parts.join(', ')
}

function regressionSummary(report: Report, gate: Extract<Gate, { kind: 'regression' }>): string {
  if (gate.metric === null) return 'no metric to watch'
  const semantics = semanticsOf(report, gate.metric)
  const row = report.metrics.find((r) => r.metric === gate.metric && r.subset === null && isHeadlineRow(r))
  const measured =
    row === undefined
      ? `${gate.metric}: no score`
      : `${gate.metric} ${formatValue(semantics, row.value)} ${formatInterval(semantics, row.interval, noIntervalReason(row))} (n ${row.n})`
  const comparison = report.baseline?.metrics.find((c) => c.metric === gate.metric)
  const baseline = comparison
    ? `baseline ${formatValue(semantics, comparison.baseline)} (${formatDelta(semantics, comparison.delta)}, ${formatP(comparison.pValue)}, n ${comparison.n})`
    : `no baseline in ${report.baseline?.file ?? 'the baseline folder'}`
  return `${measured}, ${baseline}`
}

const SHOWN_ERRORS = 3

function errorsJudgement(report: Report): GateEvaluation {
  const { errored, maxErrors } = report.errorAllowance
  const problems = report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)
  const erroredSamples = report.samples.filter((s) => s.status === 'errored')
  const listed = shortLines(
    erroredSamples,
    SHOWN_ERRORS,
    (s) => `${s.attempt === undefined ? s.id : `${s.id}#${s.attempt}`}: ${s.error ?? 'errored'}`,
  )
  const count = `${errored} errored sample(s), maxErrors ${maxErrors}`
  const passed = report.errorAllowance.passed && problems.length === 0
  const detail = [count, ...(listed.length > 0 ? [`errored: ${listed.join('; ')}`] : []), ...problems]
  return { passed, summary: `${report.benchmark} [${report.model}] errors ${passed ? 'held' : 'FAILED'}: ${detail.join('; ')}` }
}

/**
 * A gate's outcome as its test shows it: the reporter's own evaluation (the same report), with the metric, its
 * interval, the threshold and the change against the baseline on one line.
 */
export function evaluateGate(report: Report, planned: GateTest): GateEvaluation {
  if (planned.kind === 'errors') return errorsJudgement(report)
  const gate =
    planned.kind === 'threshold'
      ? report.gates.find((g) => g.kind === 'threshold' && g.metric === planned.metric && g.subset === planned.subset)
      : report.gates.find((g) => g.kind === 'regression')
  if (gate === undefined)
    return { passed: false, summary: `${report.benchmark} [${report.model}]: no ${planned.kind} gate on "${planned.metric}" in the report` }
  const where = `${report.benchmark} [${report.model}] ${gateTitle(gate)}`
  const summary = gate.kind === 'threshold' ? thresholdSummary(report, gate) : regressionSummary(report, gate)
  if (gate.passed === null) return { passed: null, summary: `${where} ${gate.reason}` }
  return { passed: gate.passed, summary: `${where} ${gate.passed ? 'held' : 'FAILED'} (${gate.reason}): ${summary}` }
}
