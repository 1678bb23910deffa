import {
  diagnosticSemantics,
  formatDelta,
  formatInterval,
  formatP,
  formatValue,
  isHeadlineRow,
  labelSlug,
  noIntervalReason,
  perLabelFigure,
} from '../metrics/index.ts'
import type { Gate, MetricRow, MetricSemantics, Report } from '../schema/index.ts'
import { isPartial, shardLabel } from '../records/index.ts'

/** How a cell should stand out, where the output can show it. */
export type Tone = 'pass' | 'fail' | 'warn' | 'better' | 'worse' | 'dim'

/** A cell's text and how it should stand out. */
export interface Cell {
  text: string
  tone?: Tone
}

/** The columns of the metric table, for the terminal and Markdown alike. */
const COLUMNS = ['benchmark', 'subset', 'metric', 'n', 'score', '95% CI', 'Δ baseline', 'gate'] as const

const AGGREGATION_LABEL: Record<MetricRow['aggregation'], string> = {
  mean: '',
  pass_at_k: 'pass@',
  pass_hat_k: 'pass^',
  majority_vote: 'maj@',
  corpus: '',
}

// a per-label figure whose name cannot spell its label ("f1_a__2d_b") shows the label beside it
function metricName(metric: string): string {
  const label = perLabelFigure(metric)?.label
  if (label === undefined || labelSlug(label) === label) return metric
  const characters = [...label]
  return `${metric} ${JSON.stringify(characters.length > 40 ? `${characters.slice(0, 39).join('')}…` : label)}`
}

function metricLabel(row: MetricRow): string {
  if (row.aggregation !== 'mean' && row.aggregation !== 'corpus') return `${row.metric} ${AGGREGATION_LABEL[row.aggregation]}${row.k}`
  return row.averaging === 'macro' ? `${row.metric} (macro)` : metricName(row.metric)
}

function semanticsOf(report: Report, metric: string): MetricSemantics {
  return report.catalog[metric] ?? diagnosticSemantics()
}

function bounds(semantics: MetricSemantics, gate: Extract<Gate, { kind: 'threshold' }>): string {
  const show = (value: number): string => formatValue(semantics, value)
  if (gate.value === null) return 'no score'
  if (gate.min !== null && gate.value < gate.min) return `< ${show(gate.min)}`
  if (gate.max !== null && gate.value > gate.max) return `> ${show(gate.max)}`
  if (gate.min !== null && gate.max !== null) return `in [${show(gate.min)}, ${show(gate.max)}]`
  return gate.min !== null ? `≥ ${show(gate.min)}` : `≤ ${show(gate.max!)}`
}

function regressionLabel(semantics: MetricSemantics, gate: Extract<Gate, { kind: 'regression' }>): string {
  const maxDrop = formatDelta(semantics, gate.maxDrop).slice(1)
  const labels: Record<typeof gate.outcome, string> = {
    'no-metric': 'no metric',
    'no-direction': 'no direction',
    updating: 'updating',
    'no-baseline': 'no baseline',
    'no-drop': 'no drop',
    'within-max-drop': `drop ≤ ${maxDrop}`,
    'not-significant': 'drop n.s.',
    regressed: `drop > ${maxDrop}`,
    'not-evaluated': 'not evaluated',
  }
  return labels[gate.outcome]
}

/** A gate in a few words: "pass ≥ 75.0%", "FAIL drop > 2.0"; the report's `reason` has the full sentence. */
function gateLabel(report: Report, gate: Gate): string {
  if (gate.passed === null) return 'not evaluated'
  const semantics = semanticsOf(report, gate.metric ?? '')
  const detail = gate.kind === 'threshold' ? bounds(semantics, gate) : regressionLabel(semantics, gate)
  return `${gate.passed ? 'pass' : 'FAIL'} ${detail}`
}

function gatesOf(report: Report, metric: string, subset: string | null): Gate[] {
  return report.gates.filter((gate) =>
    gate.kind === 'threshold' ? gate.metric === metric && gate.subset === subset : subset === null && gate.metric === metric,
  )
}

function gateCell(report: Report, gates: readonly Gate[]): Cell {
  if (gates.length === 0) return { text: '' }
  if (isPartial(report)) return { text: `not evaluated: ${shardLabel(report.shards!)}`, tone: 'dim' }
  return {
    text: gates.map((gate) => gateLabel(report, gate)).join('; '),
    tone: gates.every((gate) => gate.passed === true) ? 'pass' : 'fail',
  }
}

function deltaCell(report: Report, row: MetricRow): Cell {
  const comparison = report.baseline?.metrics.find((c) => c.metric === row.metric)
  if (comparison === undefined) return { text: '' }
  const significant = comparison.pValue < 0.05
  const lowerIsBetter = semanticsOf(report, row.metric).direction === 'lower'
  const worse = comparison.delta < 0 !== lowerIsBetter
  const tone: Tone | undefined = !significant || comparison.delta === 0 ? undefined : worse ? 'worse' : 'better'
  return {
    text: `${formatDelta(semanticsOf(report, row.metric), comparison.delta)} ${formatP(comparison.pValue)}`,
    ...(tone ? { tone } : {}),
  }
}

// usage figures (latency, tokens) have their own summary line; they join the table when they are gated or primary
function isShown(report: Report, row: MetricRow): boolean {
  if (semanticsOf(report, row.metric).kind !== 'usage' || row.metric === report.primaryMetric) return true
  return report.gates.some((gate) => gate.metric === row.metric)
}

/** The metric table's rows of one report: every shown metric row, then a row for each gate on a metric never scored. */
export function displayRows(report: Report): Cell[][] {
  const rows = report.metrics
    .filter((row) => isShown(report, row))
    .map((row): Cell[] => {
      const semantics = semanticsOf(report, row.metric)
      const overall = row.subset === null && isHeadlineRow(row)
      const gated = isHeadlineRow(row)
      return [
        { text: report.benchmark },
        { text: row.subset ?? 'all' },
        { text: metricLabel(row), ...(semantics.kind === 'diagnostic' ? { tone: 'dim' as const } : {}) },
        row.smallSample ? { text: `${row.n}!`, tone: 'warn' } : { text: String(row.n) },
        { text: formatValue(semantics, row.value) },
        { text: formatInterval(semantics, row.interval, noIntervalReason(row)), tone: 'dim' },
        overall ? deltaCell(report, row) : { text: '' },
        gated ? gateCell(report, gatesOf(report, row.metric, row.subset)) : { text: '' },
      ]
    })
  const unscored = report.gates.filter(
    (gate) =>
      gate.metric === null ||
      !report.metrics.some((row) => row.metric === gate.metric && (gate.kind === 'regression' || row.subset === gate.subset)),
  )
  for (const gate of unscored) {
    const subset = gate.kind === 'threshold' && gate.subset !== null ? gate.subset : 'all'
    rows.push([
      { text: report.benchmark },
      { text: subset },
      { text: gate.metric ?? '—' },
      { text: '0' },
      { text: '—' },
      { text: '—' },
      { text: '' },
      gateCell(report, [gate]),
    ])
  }
  if (rows.length === 0)
    rows.push([
      { text: report.benchmark },
      { text: 'all' },
      { text: report.primaryMetric ?? '—' },
      { text: '0' },
      { text: '—' },
      { text: '—' },
      { text: '' },
      { text: '' },
    ])
  return rows
}

/** The table with its header, leaving out the baseline and gate columns where no row has anything in them. */
export function tableOf(rows: readonly (readonly Cell[])[]): Cell[][] {
  const kept = COLUMNS.map((_, column) => column < 6 || rows.some((row) => row[column]!.text !== '')).flatMap((keep, column) =>
    keep ? [column] : [],
  )
  return [kept.map((column) => ({ text: COLUMNS[column]! })), ...rows.map((row) => kept.map((column) => row[column]!))]
}
