import { textWidth } from './text-width.ts'
import {
  escapeControlCharacters,
  thousands,
  type Interval,
  type MetricSemantics,
  type VariantMatrix,
  type VariantRow,
} from '../schema/index.ts'
import { escapeMarkdown } from './escape-markdown.ts'
import {
  formatAmount,
  formatDelta,
  formatInterval,
  formatP,
  formatValue,
  noChangeIntervalReason,
  noIntervalReason,
} from '../metrics/index.ts'
import { usd } from './format-usage.ts'

const NON_DOMINATED = '*'

// in the units of the difference itself: points for a percentage
function deltaInterval(semantics: MetricSemantics, interval: Interval | null, pairs: number): string {
  return interval === null
    ? `no interval: ${noChangeIntervalReason(pairs)}`
    : `[${formatDelta(semantics, interval.lower)}, ${formatDelta(semantics, interval.upper)}]`
}

function reading(matrix: VariantMatrix, row: VariantRow, semantics: MetricSemantics): string {
  if (row.name === matrix.reference) return 'reference'
  const comparison = row.comparison
  if (comparison === null) return 'not compared'
  if (matrix.maxDrop === null) {
    if (comparison.adjustedP >= matrix.alpha) return 'no significant difference'
    const better = comparison.delta > 0 === (matrix.direction === 'higher')
    return better ? 'significantly better' : 'significantly worse'
  }
  const drop = formatAmount(semantics, matrix.maxDrop)
  if (comparison.passed === false) return `FAILED: significantly worse by more than ${drop}`
  if (comparison.nonInferior) return `non-inferior (within ${drop})`
  return `not significantly worse; non-inferiority (within ${drop}) not shown`
}

function cellsOf(matrix: VariantMatrix, row: VariantRow, semantics: MetricSemantics): string[] {
  const { comparison } = row
  const tokens = row.usage.inputTokens + row.usage.outputTokens
  return [
    `${row.nonDominated ? `${NON_DOMINATED} ` : ''}${row.name}`,
    row.model,
    formatValue(semantics, row.value),
    formatInterval(semantics, row.interval, noIntervalReason({ value: row.value, samples: row.n, aggregation: 'mean' })),
    String(row.n),
    row.costPerSample === null ? '—' : usd(row.costPerSample),
    tokens > 0 ? thousands(tokens) : '—',
    row.latencyMs === null ? '—' : `${Math.round(row.latencyMs.p50)} / ${Math.round(row.latencyMs.p90)} ms`,
    comparison === null ? '' : formatDelta(semantics, comparison.delta),
    comparison === null ? '' : deltaInterval(semantics, comparison.interval, comparison.n),
    comparison === null ? '' : formatP(comparison.pValue),
    comparison === null ? '' : formatP(comparison.adjustedP),
    reading(matrix, row, semantics),
  ]
}

function tableOf(matrix: VariantMatrix, semantics: MetricSemantics): string[][] {
  const metric = matrix.metric ?? 'no primary metric'
  const header = [
    'variant',
    'model',
    metric,
    '95% CI',
    'n',
    'cost/sample',
    'tokens',
    'latency p50 / p90',
    `Δ vs ${matrix.reference}`,
    'Δ 95% CI',
    'p',
    'p (Holm)',
    'reading',
  ]
  return [header, ...matrix.rows.map((row) => cellsOf(matrix, row, semantics))]
}

function titleOf(matrix: VariantMatrix): string {
  const gate = matrix.maxDrop === null ? '' : `; compare gate maxDrop ${matrix.maxDrop}, α ${matrix.alpha} after Holm's correction`
  return `${matrix.benchmark}: ${matrix.rows.length} variants on ${matrix.metric ?? 'no primary metric'}, against ${matrix.reference}${gate}`
}

function footnote(matrix: VariantMatrix): string | undefined {
  if (!matrix.rows.some((row) => row.nonDominated !== null)) return undefined
  return `${NON_DOMINATED} not dominated on (${matrix.metric}, cost per sample): no other variant is as good and as cheap, and better or cheaper`
}

/** A benchmark's variant matrix for the terminal: a title, one row per variant, and what the mark means. */
export function renderVariantMatrix(matrix: VariantMatrix, semantics: MetricSemantics): string {
  const rows = tableOf(matrix, semantics).map((row) => row.map(escapeControlCharacters))
  // columns, not characters: a variant named in CJK takes two columns a character
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => textWidth(row[column]!))))
  const lines = rows.map((row) =>
    `  ${row.map((cell, column) => `${cell}${' '.repeat(widths[column]! - textWidth(cell))}`).join('  ')}`.trimEnd(),
  )
  const note = footnote(matrix)
  return ['', ` ${escapeControlCharacters(titleOf(matrix))}`, ...lines, ...(note === undefined ? [] : [`  ${note}`])].join('\n')
}

/** A benchmark's variant matrix as Markdown, for a GitHub job summary. */
export function renderVariantMatrixMarkdown(matrix: VariantMatrix, semantics: MetricSemantics): string {
  const [header, ...rows] = tableOf(matrix, semantics)
  const line = (cells: readonly string[]): string => `| ${cells.map(escapeMarkdown).join(' | ')} |`
  const note = footnote(matrix)
  return [
    `### ${escapeMarkdown(titleOf(matrix))}`,
    '',
    line(header!),
    `|${header!.map(() => ' --- ').join('|')}|`,
    ...rows.map(line),
    ...(note === undefined ? [] : ['', escapeMarkdown(note)]),
    '',
  ].join('\n')
}
