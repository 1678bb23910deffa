import { diagnosticSemantics } from '../metrics/index.ts'
import { shortLines, type BenchmarkMeta, type Gate, type MetricSemantics, type Report } from '../schema/index.ts'
import { formatDelta, formatInterval, formatP, formatValue } from './format-metric.ts'
import { gateTitle } from './gates.ts'
import { isHeadlineRow } from './headline-row.ts'

/** One gate of a benchmark, as known before it runs: what its gate test is named for and judges. */
export type GateSlot =
  | { kind: 'threshold'; metric: string; subset: string | null; min: number | null; max: number | null }
  | { kind: 'regression'; metric: string | null; maxDrop: number; alpha: number }
  | { kind: 'errors'; maxErrors: number }

/** A gate's outcome in one line for its test: null `passed` when this run does not judge it (a shard). */
export interface GateJudgement {
  passed: boolean | null
  summary: string
}

/**
 * The gates of a benchmark in the order its gate tests run: each threshold (as `thresholdGates` lists them), the
 * regression gate (on its metric, else the primary one: named, or `primary`, the one foreseen at collection), the
 * error budget.
 */
export function gateSlots(meta: BenchmarkMeta, primary?: string): GateSlot[] {
  const slots: GateSlot[] = []
  for (const [metric, threshold] of Object.entries(meta.thresholds)) {
    const { subsets, ...bounds } = typeof threshold === 'number' ? { min: threshold, subsets: undefined } : threshold
    if (bounds.min !== undefined || bounds.max !== undefined) slots.push({ kind: 'threshold', metric, subset: null, min: bounds.min ?? null, max: bounds.max ?? null })
    for (const [subset, subsetThreshold] of Object.entries(subsets ?? {})) {
      const subsetBounds = typeof subsetThreshold === 'number' ? { min: subsetThreshold } : subsetThreshold
      slots.push({ kind: 'threshold', metric, subset, min: subsetBounds.min ?? null, max: subsetBounds.max ?? null })
    }
  }
  if (meta.regression) {
    const { metric, maxDrop, alpha } = meta.regression
    slots.push({ kind: 'regression', metric: metric ?? meta.primaryMetric ?? primary ?? null, maxDrop, alpha })
  }
  slots.push({ kind: 'errors', maxErrors: meta.maxErrors })
  return slots
}

function boundsText(min: number | null, max: number | null, show: (value: number) => string): string {
  if (min !== null && max !== null) return `in [${show(min)}, ${show(max)}]`
  return min !== null ? `≥ ${show(min)}` : `≤ ${show(max!)}`
}

/**
 * The gate test's name: "gate: accuracy ≥ 0.7", "gate: no regression of accuracy (maxDrop 0.02)", "gate: errored
 * samples ≤ 0 (maxErrors)".
 */
export function gateTestName(slot: GateSlot): string {
  if (slot.kind === 'threshold') {
    const subset = slot.subset === null ? '' : ` (subset ${slot.subset})`
    return `gate: ${slot.metric}${subset} ${boundsText(slot.min, slot.max, String)}`
  }
  if (slot.kind === 'regression') return `gate: no regression of ${slot.metric ?? 'the primary metric'} (maxDrop ${slot.maxDrop}, α ${slot.alpha})`
  return `gate: errored samples ≤ ${slot.maxErrors} (maxErrors)`
}

function semanticsOf(report: Report, metric: string): MetricSemantics {
  return report.catalog[metric] ?? diagnosticSemantics()
}

// the metric's value with its interval and count, its bounds, and its change against the baseline
function thresholdSummary(report: Report, gate: Extract<Gate, { kind: 'threshold' }>): string {
  const semantics = semanticsOf(report, gate.metric)
  const row = report.metrics.find((r) => r.metric === gate.metric && r.subset === gate.subset && isHeadlineRow(r))
  const name = gate.subset === null ? gate.metric : `${gate.metric} (subset ${gate.subset})`
  const measured = row === undefined ? `${name}: no score` : `${name} ${formatValue(semantics, row.value)} ${formatInterval(semantics, row.interval)} (n ${row.n})`
  const parts = [measured, `threshold ${boundsText(gate.min, gate.max, (value) => formatValue(semantics, value))}`]
  const comparison = gate.subset === null ? report.baseline?.metrics.find((c) => c.metric === gate.metric) : undefined
  if (comparison) parts.push(`baseline ${formatValue(semantics, comparison.baseline)} (${formatDelta(semantics, comparison.delta)}, ${formatP(comparison.pValue)})`)
  return parts.join(', ')
}

function regressionSummary(report: Report, gate: Extract<Gate, { kind: 'regression' }>): string {
  if (gate.metric === null) return 'no metric to watch'
  const semantics = semanticsOf(report, gate.metric)
  const row = report.metrics.find((r) => r.metric === gate.metric && r.subset === null && isHeadlineRow(r))
  const measured = row === undefined ? `${gate.metric}: no score` : `${gate.metric} ${formatValue(semantics, row.value)} ${formatInterval(semantics, row.interval)} (n ${row.n})`
  const comparison = report.baseline?.metrics.find((c) => c.metric === gate.metric)
  const baseline = comparison ? `baseline ${formatValue(semantics, comparison.baseline)} (${formatDelta(semantics, comparison.delta)}, ${formatP(comparison.pValue)}, n ${comparison.n})` : `no baseline in ${report.baseline?.file ?? 'the baseline folder'}`
  return `${measured}, ${baseline}`
}

const SHOWN_ERRORS = 3

function errorsJudgement(report: Report): GateJudgement {
  const { errored, maxErrors } = report.errorBudget
  const problems = report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)
  const erroredSamples = report.samples.filter((s) => s.status === 'errored')
  const listed = shortLines(erroredSamples, SHOWN_ERRORS, (s) => `${s.attempt === undefined ? s.id : `${s.id}#${s.attempt}`}: ${s.error ?? 'errored'}`)
  const count = `${errored} errored sample(s), maxErrors ${maxErrors}`
  const passed = report.errorBudget.passed && problems.length === 0
  const detail = [count, ...(listed.length > 0 ? [`errored: ${listed.join('; ')}`] : []), ...problems]
  return { passed, summary: `${report.benchmark} [${report.model}] errors ${passed ? 'held' : 'FAILED'}: ${detail.join('; ')}` }
}

/**
 * A gate's outcome as its test shows it: the reporter's own judgement (the same report), with the metric, its
 * interval, the threshold and the change against the baseline on one line.
 */
export function judgeSlot(report: Report, slot: GateSlot): GateJudgement {
  if (slot.kind === 'errors') return errorsJudgement(report)
  const gate =
    slot.kind === 'threshold'
      ? report.gates.find((g) => g.kind === 'threshold' && g.metric === slot.metric && g.subset === slot.subset)
      : report.gates.find((g) => g.kind === 'regression')
  if (gate === undefined) return { passed: false, summary: `${report.benchmark} [${report.model}]: no ${slot.kind} gate on "${slot.metric}" in the report` }
  const where = `${report.benchmark} [${report.model}] ${gateTitle(gate)}`
  const summary = gate.kind === 'threshold' ? thresholdSummary(report, gate) : regressionSummary(report, gate)
  if (gate.passed === null) return { passed: null, summary: `${where} ${gate.reason}` }
  return { passed: gate.passed, summary: `${where} ${gate.passed ? 'held' : 'FAILED'} (${gate.reason}): ${summary}` }
}
