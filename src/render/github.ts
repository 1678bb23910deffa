import type { Report } from '../schema/index.ts'
import { escapeCommandData, escapeCommandProperty } from './escape-workflow-command.ts'
import { gateTitle } from '../gates/index.ts'

/**
 * GitHub Actions workflow commands for what failed a benchmark (failed gates, refused primary metrics, blown error
 * budgets), each an `::error` on the eval file, so the pull request shows them where the benchmark is declared.
 */
export function githubAnnotations(reports: readonly Report[]): string[] {
  const lines: string[] = []
  for (const report of reports) {
    const messages = [
      ...report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
      ...report.gates.filter((gate) => gate.passed === false).map((gate) => `${gateTitle(gate)} failed, ${gate.reason}`),
      ...(report.errorAllowance.passed
        ? []
        : [`${report.errorAllowance.errored} errored sample(s), maxErrors is ${report.errorAllowance.maxErrors}`]),
    ]
    const properties = `file=${escapeCommandProperty(report.file)},title=${escapeCommandProperty(`evalsuite: ${report.benchmark} [${report.model}]`)}`
    for (const message of messages) lines.push(`::error ${properties}::${escapeCommandData(message)}`)
  }
  return lines
}
