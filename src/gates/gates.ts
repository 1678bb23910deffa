import type { Comparison, Gate, MetricRow, MetricSemantics, Regression, Threshold } from '../schema/index.ts'
import { formatAmount, formatP, isHeadlineRow, metricDeclaration } from '../metrics/index.ts'

type ThresholdGate = Extract<Gate, { kind: 'threshold' }>
type RegressionGate = Extract<Gate, { kind: 'regression' }>

interface Bounds {
  min?: number
  max?: number
}

function fmt(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(3).replace(/\.?0+$/, '')
}

/** Checks one metric's value against its bounds; a metric with no scored sample fails its gate. */
export function thresholdGate(metric: string, subset: string | null, bounds: Bounds, value: number | null): ThresholdGate {
  const min = bounds.min ?? null
  const max = bounds.max ?? null
  const gate = { kind: 'threshold' as const, metric, subset, min, max, value }
  if (value === null) {
    const where = subset === null ? '' : ` of subset "${subset}"`
    return { ...gate, passed: false, reason: `no scored sample${where} has "${metric}"` }
  }
  if (min !== null && value < min) return { ...gate, passed: false, reason: `${fmt(value)} < min ${fmt(min)}` }
  if (max !== null && value > max) return { ...gate, passed: false, reason: `${fmt(value)} > max ${fmt(max)}` }
  const parts = [min === null ? '' : `≥ ${fmt(min)}`, max === null ? '' : `≤ ${fmt(max)}`].filter(Boolean)
  return { ...gate, passed: true, reason: `${fmt(value)} ${parts.join(' and ')}` }
}

function meanOf(rows: readonly MetricRow[], metric: string, subset: string | null): number | null {
  const row = rows.find((r) => r.metric === metric && r.subset === subset && isHeadlineRow(r))
  return row?.value ?? null
}

/** The threshold gates of a benchmark: each metric's overall bounds, then each named subset's, on the mean. */
export function thresholdGates(thresholds: Readonly<Record<string, Threshold>>, rows: readonly MetricRow[]): ThresholdGate[] {
  const gates: ThresholdGate[] = []
  for (const [metric, threshold] of Object.entries(thresholds)) {
    const { subsets, ...bounds } = typeof threshold === 'number' ? { min: threshold, subsets: undefined } : threshold
    if (bounds.min !== undefined || bounds.max !== undefined) gates.push(thresholdGate(metric, null, bounds, meanOf(rows, metric, null)))
    for (const [subset, subsetThreshold] of Object.entries(subsets ?? {})) {
      const subsetBounds = typeof subsetThreshold === 'number' ? { min: subsetThreshold } : subsetThreshold
      gates.push(thresholdGate(metric, subset, subsetBounds, meanOf(rows, metric, subset)))
    }
  }
  return gates
}

/** What the regression gate knows besides its options. */
export interface RegressionContext {
  /** The metric it watches, or why there is none. */
  metric: { name: string; semantics: MetricSemantics } | { name: null; why: string }
  comparison: Comparison | undefined
  /** The baseline file, relative to the project root, and the model. */
  file: string
  model: string
  /** `vitest run -u`: the baseline is being rewritten from this run. */
  updating: boolean
  /** A missing baseline fails the gate (in CI, as a missing snapshot does); otherwise the gate waits for one. */
  missingFails: boolean
}

/**
 * The regression gate: fails only when the metric got worse by more than `maxDrop` and the paired test says the
 * change is significant at `alpha`, so noise on a small sample cannot fail the build and a real drop cannot pass.
 */
export function regressionGate(regression: Regression, context: RegressionContext): RegressionGate {
  const { maxDrop, alpha } = regression
  const gate = { kind: 'regression' as const, metric: context.metric.name, maxDrop, alpha }
  const { metric, comparison } = context
  if (metric.name === null) return { ...gate, delta: null, pValue: null, outcome: 'no-metric', passed: false, reason: metric.why }
  const measured = { delta: comparison?.delta ?? null, pValue: comparison?.pValue ?? null }
  if (metric.semantics.direction === 'none') {
    const how = metricDeclaration(metric.name)
    return {
      ...gate,
      ...measured,
      outcome: 'no-direction',
      passed: false,
      reason: `"${metric.name}" has no direction, so no drop can be told from a gain; declare it: ${how}`,
    }
  }
  if (context.updating)
    return { ...gate, ...measured, outcome: 'updating', passed: true, reason: `the baseline is being rewritten from this run (-u)` }
  if (comparison === undefined) {
    const missing = `no baseline scores of "${metric.name}" for model "${context.model}" in ${context.file}`
    const fix = 'run "vitest run -u" and commit the file'
    return { ...gate, ...measured, outcome: 'no-baseline', passed: !context.missingFails, reason: `${missing}: ${fix}` }
  }
  const { semantics } = metric
  const drop = semantics.direction === 'lower' ? comparison.delta : -comparison.delta
  const p = formatP(comparison.pValue)
  const limit = `maxDrop ${formatAmount(semantics, maxDrop)}`
  if (drop <= 0)
    return {
      ...gate,
      ...measured,
      outcome: 'no-drop',
      passed: true,
      reason: `no drop (${drop === 0 ? 'unchanged' : `gained ${formatAmount(semantics, drop)}`}, ${p})`,
    }
  const dropped = `dropped ${formatAmount(semantics, drop)}`
  // a tolerance, so that a drop of exactly maxDrop is not failed by rounding
  if (drop <= maxDrop + 1e-12)
    return { ...gate, ...measured, outcome: 'within-max-drop', passed: true, reason: `${dropped}, within ${limit} (${p})` }
  if (comparison.pValue >= alpha)
    return {
      ...gate,
      ...measured,
      outcome: 'not-significant',
      passed: true,
      reason: `${dropped}, more than ${limit}, but not significant (${p} ≥ α ${alpha})`,
    }
  return {
    ...gate,
    ...measured,
    outcome: 'regressed',
    passed: false,
    reason: `${dropped}, more than ${limit}, and significant (${p} < α ${alpha})`,
  }
}

/**
 * A gate left to the merged run: a run that holds only some shards of a benchmark's samples evaluates none, since a
 * shard's value is not the benchmark's. The value measured on the shard stays, as data.
 */
export function notEvaluatedGate(gate: Gate, shards: string): Gate {
  const reason = `not evaluated: this run holds ${shards} of the samples, and gates are evaluated on all of them (--merge-reports)`
  return gate.kind === 'regression' ? { ...gate, outcome: 'not-evaluated', passed: null, reason } : { ...gate, passed: null, reason }
}

/** How a gate is named in messages: "gate accuracy", "gate accuracy (subset hard)", "regression gate on accuracy". */
export function gateTitle(gate: Gate): string {
  if (gate.kind === 'regression') return gate.metric === null ? 'regression gate' : `regression gate on ${gate.metric}`
  return gate.subset === null ? `gate ${gate.metric}` : `gate ${gate.metric} (subset ${gate.subset})`
}
