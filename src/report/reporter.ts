import { resolve } from 'node:path'
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { buildReport } from './build-report.ts'
import { collectRuns } from './collect-runs.ts'
import { decideVerdict } from './exit-code.ts'
import { renderReports } from './render-table.ts'
import { reportFileNames, writeReport } from './write-report.ts'

/** Options of the evalsuite reporter (set through the plugin). */
export interface EvalsuiteReporterOptions {
  /** Folder for the JSON reports, relative to the project root. @default "eval-reports" */
  outputDir?: string
}

/**
 * Prints the metric tables after Vitest's summary, writes a JSON report per benchmark and decides the exit code:
 * gates and real errors fail the run, wrong answers do not.
 */
export class EvalsuiteReporter implements Reporter {
  private vitest: Vitest | undefined
  private readonly outputDir: string

  constructor(options: EvalsuiteReporterOptions = {}) {
    this.outputDir = options.outputDir ?? 'eval-reports'
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>, reason: TestRunEndReason): Promise<void> {
    const vitest = this.vitest
    if (vitest === undefined) return
    const root = vitest.config.root
    const { runs, problems } = collectRuns(modules, root)
    if (runs.length === 0) return
    const createdAt = new Date().toISOString()
    // a benchmark left out by -t, .skip or .only ran nothing: no gate to judge, and its last report stays as it was
    const ran = runs.filter((run) => run.samples.some((sample) => sample.status !== 'skipped' || sample.meta.notRun !== undefined))
    const reports = ran.map((run) => buildReport(run, createdAt))
    const notRun = runs.filter((run) => !ran.includes(run)).map((run) => run.meta.name)
    const verdict = decideVerdict({ reason, unhandledErrors: unhandledErrors.length, failures: problems.failures, reports })
    if (reason === 'interrupted') for (const report of reports) report.passed = false
    const dir = resolve(root, this.outputDir)
    const names = reportFileNames(reports)
    await Promise.all(reports.map((report, index) => writeReport(dir, names[index]!, report)))

    const log = (text: string): void => vitest.logger.log(text)
    log(renderReports(reports))
    if (notRun.length > 0) log(`\n  not run (every sample filtered out or skipped): ${notRun.join(', ')}`)
    const wrong = reports.reduce((sum, report) => sum + report.counts.wrong, 0)
    const wrongNote = wrong > 0 ? `; ${wrong} wrong answer(s) are data, not failures` : ''
    if (verdict.passed) log(`\n evalsuite: PASS, every gate held${wrongNote}. Reports in ${this.outputDir}/\n`)
    else log(`\n evalsuite: FAIL\n${verdict.reasons.map((r) => `   - ${r}`).join('\n')}\n Reports in ${this.outputDir}/\n`)
    // Vitest set the exit code from test states before calling reporters; wrong answers failed their tests, so it
    // is recomputed here from the gates and the real errors alone
    process.exitCode = verdict.passed ? 0 : 1
  }
}
