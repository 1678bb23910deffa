import { inspect } from 'node:util'
import { textWidth } from './text-width.ts'
import { SMALL_SAMPLE } from '../metrics/index.ts'
import { escapeControlCharacters, type Report, sampleLabel, thousands } from '../schema/index.ts'
import { type Cell, displayRows, tableOf, type Tone } from './display-rows.ts'
import { usd } from './format-usage.ts'
import { idList } from './id-list.ts'
import { wrongSampleLines } from './wrong-samples.ts'

// lines of wrong samples keep to this width when the terminal's is unknown (a CI log, a pipe)
const DEFAULT_WIDTH = 120

const TONES: Record<Tone, string[]> = {
  pass: ['green'],
  fail: ['red', 'bold'],
  warn: ['yellow'],
  better: ['green'],
  worse: ['red'],
  dim: ['dim'],
}

// the ANSI codes themselves: util.styleText in Node 22 drops them when stdout is not a terminal, and whether to
// colour is decided once, by supportsColor, for what Vitest's logger writes to
function styled(tone: Tone, text: string): string {
  return TONES[tone].reduceRight((inner, style) => {
    const [open, close] = inspect.colors[style]!
    return `\u001b[${open}m${inner}\u001b[${close}m`
  }, text)
}

/** Options of the terminal rendering. */
export interface RenderOptions {
  /** Colour the gates, the warnings and the significant changes. */
  color: boolean
  /** The terminal's width in columns: wrong samples' lines are cut to it. @default 120 */
  width?: number
}

function table(rows: readonly (readonly Cell[])[], color: boolean): string[] {
  const shown = rows.map((row) => row.map((cell) => ({ ...cell, text: escapeControlCharacters(cell.text) })))
  // columns, not characters: a name in CJK takes two columns a character
  const columns = shown.map((row) => row.map((cell) => textWidth(cell.text)))
  const widths = shown[0]!.map((_, column) => Math.max(...columns.map((row) => row[column]!)))
  return shown.map((row, r) => {
    const cells = row.map((cell, column) => {
      const padding = column === row.length - 1 ? '' : ' '.repeat(widths[column]! - columns[r]![column]!)
      return `${color && cell.tone && cell.text !== '' ? styled(cell.tone, cell.text) : cell.text}${padding}`
    })
    return `  ${cells.join('  ')}`.trimEnd()
  })
}

function erroredIds(report: Report): string {
  return idList(report.samples.filter((s) => s.status === 'errored').map((s) => sampleLabel(s.id, s.attempt)))
}

function usageLine(report: Report): string | undefined {
  const { usage, latencyMs, ttftMs, outputTokensPerSecond, costUsd } = report
  if (latencyMs === null) return undefined
  const parts = [`latency p50 ${latencyMs.p50} ms, p90 ${latencyMs.p90} ms, p99 ${latencyMs.p99} ms`]
  if (ttftMs) parts.push(`TTFT p50 ${ttftMs.p50} ms, p90 ${ttftMs.p90} ms, p99 ${ttftMs.p99} ms`)
  if (usage.inputTokens + usage.outputTokens > 0) {
    parts.push(`tokens ${thousands(usage.inputTokens)} in, ${thousands(usage.outputTokens)} out`)
    // throughput over the benchmark's wall time, as a load generator reports it
    if (outputTokensPerSecond) parts.push(`${outputTokensPerSecond.toFixed(1)} output tokens/s`)
  }
  if (costUsd !== null && costUsd !== undefined) parts.push(`cost ${usd(costUsd)}`)
  return `  ${report.benchmark}: ${parts.join('; ')}`
}

// the judges' calls, tokens and cost, on a line of their own so they are never read as the model under test's
function judgeLine(report: Report): string | undefined {
  const { judge } = report
  if (judge === undefined || judge.calls.live + judge.calls.stored === 0) return undefined
  const invalid = judge.calls.invalid > 0 ? `, ${judge.calls.invalid} invalid repl${judge.calls.invalid === 1 ? 'y' : 'ies'}` : ''
  const parts = [`${judge.calls.live} call(s), ${judge.calls.stored} stored verdict(s)${invalid}`]
  const { inputTokens, outputTokens } = judge.usage
  if (inputTokens + outputTokens > 0) parts.push(`tokens ${thousands(inputTokens)} in, ${thousands(outputTokens)} out`)
  if (judge.costUsd !== null && judge.costUsd !== undefined) parts.push(`cost ${usd(judge.costUsd)}`)
  return `  ${report.benchmark}: judge ${judge.models.join(', ')}: ${parts.join('; ')}`
}

function costLimitLine(report: Report): string | undefined {
  const { costLimit } = report
  if (costLimit === undefined || costLimit.notRun === 0) return undefined
  return `  ${report.benchmark}: maxCost ${usd(costLimit.maxCost)} reached (${usd(costLimit.spentUsd)} spent): ${costLimit.notRun} sample(s) not run`
}

function earlyStopLine(report: Report): string | undefined {
  const { earlyStop } = report
  const saved = earlyStop?.savedUsd === null || earlyStop?.savedUsd === undefined ? '' : `, about ${usd(earlyStop.savedUsd)} saved`
  return earlyStop && `  ${report.benchmark}: stopped early, ${earlyStop.reason}; ${earlyStop.notRun} sample(s) not run${saved}`
}

function baselineLine(report: Report): string | undefined {
  const baseline = report.baseline
  if (baseline === null || !baseline.found) return undefined
  const changes = [
    baseline.newSamples.length > 0 ? `${baseline.newSamples.length} new (${idList(baseline.newSamples)})` : '',
    baseline.missingSamples.length > 0 ? `${baseline.missingSamples.length} missing (${idList(baseline.missingSamples)})` : '',
  ].filter(Boolean)
  if (changes.length === 0) return undefined
  return `  ${report.benchmark}: vs ${baseline.file}: ${baseline.shared} shared, ${changes.join(', ')}`
}

function erroredLine(report: Report): string | undefined {
  const { errored } = report.counts
  if (errored === 0) return undefined
  const first = report.samples.find((s) => s.status === 'errored')
  const firstError = (first?.error ?? '').replace(/\s+/g, ' ')
  return `  ${report.benchmark}: ${errored} errored, maxErrors ${report.errorAllowance.maxErrors} (${erroredIds(report)}); first: ${firstError}`
}

// names, sample ids and messages come from the user's files, the data and the endpoints: every line is escaped
// before a colour of ours is added to it (the wrong samples' lines escape each text before cutting it to the width)
function notes(report: Report, paint: (tone: Tone, text: string) => string, width: number): string[] {
  const lines = [usageLine(report), judgeLine(report), costLimitLine(report), earlyStopLine(report), baselineLine(report)]
  const benchmark = escapeControlCharacters(report.benchmark)
  const diagnostics = report.diagnostics.map((diagnostic) => {
    const label = diagnostic.severity === 'error' ? paint('fail', 'error') : paint('warn', 'note')
    return `  ${benchmark}: ${label}: ${escapeControlCharacters(diagnostic.message)}`
  })
  const errored = erroredLine(report)
  return [
    ...lines.filter((line) => line !== undefined).map(escapeControlCharacters),
    ...wrongSampleLines(report, width),
    ...(errored === undefined ? [] : [escapeControlCharacters(errored)]),
    ...diagnostics,
  ]
}

/**
 * The terminal summary: one table per model (benchmark, subset, metric, n, score, interval, change against the
 * baseline with its p-value, gates), then a few lines per benchmark: usage, the judges' usage apart, new and missing
 * samples, the first wrong samples with what was read, errored samples, and what the reader must know.
 */
export function renderReports(reports: readonly Report[], options: RenderOptions = { color: false }): string {
  const paint = (tone: Tone, text: string): string => (options.color ? styled(tone, text) : text)
  const lines: string[] = []
  const byModel = new Map<string, Report[]>()
  for (const report of reports) byModel.set(report.model, [...(byModel.get(report.model) ?? []), report])
  for (const [model, group] of byModel) {
    lines.push('', ` evalsuite · model ${escapeControlCharacters(model)}`, '')
    const rows = group.flatMap(displayRows)
    lines.push(...table(tableOf(rows), options.color))
    for (const report of group) lines.push(...notes(report, paint, options.width ?? DEFAULT_WIDTH))
    if (rows.some((row) => row[3]!.tone === 'warn')) {
      lines.push(
        `  ${paint('warn', '!')} fewer than ${SMALL_SAMPLE} samples: the interval is wide, and only a large change can be told from noise`,
      )
    }
  }
  return lines.join('\n')
}
