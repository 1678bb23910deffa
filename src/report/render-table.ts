import type { Report } from '../schema/index.ts'

const SHOWN_IDS = 5

function percent(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`
}

function formatScore(value: number | null, proportion: boolean): string {
  if (value === null) return '—'
  return proportion ? percent(value) : value.toFixed(3)
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  return rows.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`.trimEnd())
}

function gateCell(report: Report, metric: string, subset: string | null): string {
  if (subset !== null) return ''
  const gate = report.gates.find((g) => g.metric === metric)
  if (gate === undefined) return ''
  return `${gate.passed ? 'pass' : 'FAIL'} (${gate.reason})`
}

function metricLines(report: Report): string[][] {
  const rows = report.metrics.map((row) => {
    const proportion = row.interval?.method === 'wilson'
    const interval = row.interval ? `[${formatScore(row.interval.lower, proportion)}, ${formatScore(row.interval.upper, proportion)}]` : '—'
    const errored = row.subset === null ? String(report.counts.errored) : ''
    return [report.benchmark, row.subset ?? 'all', row.metric, String(row.n), formatScore(row.value, proportion), interval, errored, gateCell(report, row.metric, row.subset)]
  })
  // a gate on a metric nobody scored still needs a line saying why it failed
  for (const gate of report.gates) {
    if (!report.metrics.some((row) => row.metric === gate.metric)) {
      rows.push([report.benchmark, 'all', gate.metric, '0', '—', '—', String(report.counts.errored), gateCell(report, gate.metric, null)])
    }
  }
  if (rows.length === 0) rows.push([report.benchmark, 'all', report.primaryMetric, '0', '—', '—', String(report.counts.errored), ''])
  return rows
}

function sampleIds(report: Report, status: 'wrong' | 'errored'): string {
  const ids = report.samples.filter((s) => s.status === status).map((s) => s.id)
  const shown = ids.slice(0, SHOWN_IDS).join(', ')
  return ids.length > SHOWN_IDS ? `${shown}, … (+${ids.length - SHOWN_IDS})` : shown
}

// cents for a dollar or more; below that, down to a millionth, without trailing zeros past the cents
function usd(value: number): string {
  return `$${value >= 1 ? value.toFixed(2) : value.toFixed(6).replace(/0{1,4}$/, '')}`
}

function usageLine(report: Report): string | undefined {
  const { usage, latencyMs, ttftMs, outputTokensPerSecond, costUsd } = report
  if (latencyMs === null) return undefined
  const parts = [`latency p50 ${latencyMs.p50} ms, p90 ${latencyMs.p90} ms, p99 ${latencyMs.p99} ms`]
  if (ttftMs) parts.push(`TTFT p50 ${ttftMs.p50} ms, p90 ${ttftMs.p90} ms, p99 ${ttftMs.p99} ms`)
  if (usage.inputTokens + usage.outputTokens > 0) {
    parts.push(`tokens ${usage.inputTokens.toLocaleString('en-US')} in, ${usage.outputTokens.toLocaleString('en-US')} out`)
    // throughput over the benchmark's wall time, as a load generator reports it
    if (outputTokensPerSecond) parts.push(`${outputTokensPerSecond.toFixed(1)} output tokens/s`)
  }
  if (costUsd !== null && costUsd !== undefined) parts.push(`cost ${usd(costUsd)}`)
  return `  ${report.benchmark}: ${parts.join('; ')}`
}

function budgetLine(report: Report): string | undefined {
  const { budget } = report
  if (budget === undefined || budget.notRun === 0) return undefined
  return `  ${report.benchmark}: maxCost ${usd(budget.maxCostUsd)} reached (${usd(budget.spentUsd)} spent): ${budget.notRun} sample(s) not run`
}

/** The terminal summary: one table per model, then the wrong and errored samples in a line each per benchmark. */
export function renderReports(reports: readonly Report[]): string {
  const lines: string[] = []
  const byModel = new Map<string, Report[]>()
  for (const report of reports) byModel.set(report.model, [...(byModel.get(report.model) ?? []), report])
  for (const [model, group] of byModel) {
    lines.push('', ` evalsuite · model ${model}`, '')
    const header = ['benchmark', 'subset', 'metric', 'n', 'score', '95% CI', 'errored', 'gate']
    lines.push(...table([header, ...group.flatMap(metricLines)]))
    for (const report of group) {
      for (const line of [usageLine(report), budgetLine(report)]) if (line !== undefined) lines.push(line)
      const { wrong, errored } = report.counts
      if (wrong > 0) lines.push(`  ${report.benchmark}: ${wrong} wrong (${sampleIds(report, 'wrong')})`)
      if (errored > 0) {
        const first = report.samples.find((s) => s.status === 'errored')
        const budget = `budget ${report.errorBudget.maxErrors}`
        const firstError = (first?.error ?? '').replace(/\s+/g, ' ')
        lines.push(`  ${report.benchmark}: ${errored} errored, ${budget} (${sampleIds(report, 'errored')}); first: ${firstError}`)
      }
    }
  }
  return lines.join('\n')
}
