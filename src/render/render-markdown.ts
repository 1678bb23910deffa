import type { Report } from '../schema/index.ts'
import { displayRows, tableOf } from './display-rows.ts'
import { escapeMarkdown, markdownCode } from './escape-markdown.ts'
import { gateTitle, type RunOutcome } from '../gates/index.ts'
import { shardLabel } from '../records/index.ts'

function headline(reports: readonly Report[], verdict: Pick<RunOutcome, 'passed' | 'notJudged'>): string {
  if (!verdict.passed) return 'FAIL'
  if (verdict.notJudged.length === 0) return 'PASS'
  return verdict.notJudged.length === reports.length
    ? 'no gate evaluated (shard run)'
    : `PASS, ${verdict.notJudged.length} not evaluated (shard run)`
}

/**
 * The run as Markdown, for a GitHub job summary: one table per model, the failed gates with their reasons, and a
 * verdict line.
 */
export function renderMarkdown(reports: readonly Report[], verdict: Pick<RunOutcome, 'passed' | 'notJudged'>): string {
  const lines = [`## evalsuite: ${headline(reports, verdict)}`, '']
  const byModel = new Map<string, Report[]>()
  for (const report of reports) byModel.set(report.model, [...(byModel.get(report.model) ?? []), report])
  for (const [model, group] of byModel) {
    const [header, ...rows] = tableOf(group.flatMap(displayRows))
    lines.push(
      `### Model ${markdownCode(model)}`,
      '',
      `| ${header!.map((cell) => cell.text).join(' | ')} |`,
      `|${header!.map((_, i) => (i === 3 || i === 4 ? ' ---: ' : ' --- ')).join('|')}|`,
    )
    for (const row of rows) {
      const cells = row.map((cell) => (cell.tone === 'fail' ? `**${escapeMarkdown(cell.text)}**` : escapeMarkdown(cell.text)))
      lines.push(`| ${cells.join(' | ')} |`)
    }
    lines.push('')
    for (const report of group) {
      const benchmark = escapeMarkdown(report.benchmark)
      if (verdict.notJudged.includes(report)) {
        lines.push(
          `- :hourglass: **${benchmark}**: gates not evaluated, this run holds ${shardLabel(report.shards!)}; the merged run evaluates them`,
        )
      }
      for (const gate of report.gates)
        if (gate.passed === false) lines.push(`- :x: **${benchmark}**: ${escapeMarkdown(`${gateTitle(gate)} failed, ${gate.reason}`)}`)
      for (const diagnostic of report.diagnostics) {
        lines.push(`- ${diagnostic.severity === 'error' ? ':x:' : ':warning:'} **${benchmark}**: ${escapeMarkdown(diagnostic.message)}`)
      }
      if (!report.errorAllowance.passed)
        lines.push(
          `- :x: **${benchmark}**: ${report.errorAllowance.errored} errored sample(s), maxErrors is ${report.errorAllowance.maxErrors}`,
        )
    }
    lines.push('')
  }
  return `${lines.join('\n').trimEnd()}\n`
}
