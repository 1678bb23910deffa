import { shortLines, type Report } from '../schema/index.ts'
import { gateTitle } from './gates.ts'
import { isPartial } from '../records/index.ts'

/** What the whole run amounted to. */
export interface RunOutcome {
  passed: boolean
  /** Why it failed, one line each; empty when it passed. */
  reasons: string[]
  /** The reports that hold one shard of their benchmark's samples: only real errors fail them, the merged run evaluates their gates. */
  notJudged: Report[]
}

/** The inputs that decide the exit code; wrong answers are not among them, only gates, errors and interruptions. */
export interface OutcomeInputs {
  reason: 'passed' | 'failed' | 'interrupted'
  unhandledErrors: number
  failures: readonly string[]
  reports: readonly Report[]
  /** A `--merge-reports` run, which must hold every shard of a sharded benchmark. */
  merging?: boolean
}

const SHOWN_FAILURES = 5

/** Gates and real errors decide; a wrong answer alone never fails the run. */
export function decideOutcome(inputs: OutcomeInputs): RunOutcome {
  const reasons: string[] = []
  const notJudged: Report[] = []
  if (inputs.reason === 'interrupted') reasons.push('the run was interrupted, so its results are incomplete')
  if (inputs.unhandledErrors > 0) reasons.push(`${inputs.unhandledErrors} unhandled error(s)`)
  reasons.push(
    ...shortLines(inputs.failures, SHOWN_FAILURES, (failure) => `failed outside scoring: ${failure}`, 'failures outside scoring'),
  )
  for (const report of inputs.reports) {
    const where = `${report.benchmark} [${report.model}]`
    for (const problem of report.diagnostics) if (problem.severity === 'error') reasons.push(`${where}: ${problem.message}`)
    if (isPartial(report)) {
      const { count, merged } = report.shards!
      if (inputs.merging)
        reasons.push(
          `${where}: the merged reports hold shard(s) ${merged.join(', ')} of ${count}; every shard's blob report is needed to judge its gates`,
        )
      else notJudged.push(report)
    }
    // a partial report's gates are not evaluated (passed is null): they fail nothing
    for (const gate of report.gates) if (gate.passed === false) reasons.push(`${where}: ${gateTitle(gate)} failed, ${gate.reason}`)
    const allowance = report.errorAllowance
    if (!allowance.passed) reasons.push(`${where}: ${allowance.errored} errored sample(s), maxErrors is ${allowance.maxErrors}`)
  }
  return { passed: reasons.length === 0, reasons, notJudged }
}
