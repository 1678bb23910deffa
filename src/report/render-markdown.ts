import type { Report } from '../schema/index.ts'
import { displayRows, tableOf } from './display-rows.ts'
import { gateTitle } from './gates.ts'

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

/**
 * The run as Markdown, for a GitHub job summary: one table per model, the failed gates with their reasons, and a
 * verdict line.
 */
export function renderMarkdown(reports: readonly Report[], passed: boolean): string {
  const lines = [`## evalsuite: ${passed ? 'PASS' : 'FAIL'}`, '']
  const byModel = new Map<string, Report[]>()
  for (const report of reports) byModel.set(report.model, [...(byModel.get(report.model) ?? []), report])
  for (const [model, group] of byModel) {
    const [header, ...rows] = tableOf(group.flatMap(displayRows))
    lines.push(`### Model \`${model}\``, '', `| ${header!.map((cell) => cell.text).join(' | ')} |`, `|${header!.map((_, i) => (i === 3 || i === 4 ? ' ---: ' : ' --- ')).join('|')}|`)
    for (const row of rows) {
      const cells = row.map((cell) => escapeCell(cell.tone === 'fail' ? `**${cell.text}**` : cell.text))
      lines.push(`| ${cells.join(' | ')} |`)
    }
    lines.push('')
    for (const report of group) {
      for (const gate of report.gates) if (!gate.passed) lines.push(`- :x: **${report.benchmark}**: ${gateTitle(gate)} failed, ${escapeCell(gate.reason)}`)
      for (const diagnostic of report.diagnostics) {
        lines.push(`- ${diagnostic.severity === 'error' ? ':x:' : ':warning:'} **${report.benchmark}**: ${escapeCell(diagnostic.message)}`)
      }
      if (!report.errorBudget.passed) lines.push(`- :x: **${report.benchmark}**: ${report.errorBudget.errored} errored sample(s), maxErrors is ${report.errorBudget.maxErrors}`)
    }
    lines.push('')
  }
  return `${lines.join('\n').trimEnd()}\n`
}
