/** Stable codes, so callers and tests can branch on the kind of failure rather than on message text. */
export type EvalsuiteErrorCode =
  | 'EVALSUITE_CONFIG_INVALID'
  | 'EVALSUITE_DATASET_INVALID'
  | 'EVALSUITE_GATE_FAILED'
  | 'EVALSUITE_JUDGE_FAILED'
  | 'EVALSUITE_MODEL_FAILED'
  | 'EVALSUITE_SCORER_FAILED'

/** What a caught value says: an Error's message, or anything else that was thrown, as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Base class of every error evalsuite throws on purpose. */
export class EvalsuiteError extends Error {
  readonly code: EvalsuiteErrorCode
  constructor(code: EvalsuiteErrorCode, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = new.target.name
    this.code = code
  }
}

/** A benchmark or plugin option is wrong. */
export class ConfigError extends EvalsuiteError {
  constructor(message: string, options?: ErrorOptions) {
    super('EVALSUITE_CONFIG_INVALID', message, options)
  }
}

/** One place in a data file that is wrong: `file:line: field: what is wrong`. */
export interface DatasetIssue {
  file: string
  line?: number
  field?: string
  message: string
}

const SHOWN_ISSUES = 10

/** A data file cannot be read as samples; lists every problem found (the first few, and a count of the rest). */
export class DatasetError extends EvalsuiteError {
  readonly issues: readonly DatasetIssue[]
  constructor(issues: readonly DatasetIssue[], options?: ErrorOptions) {
    // the same cut as shortLines in schema/short-list.ts, which this file, imported by every folder, cannot import
    const lines = issues.slice(0, SHOWN_ISSUES).map(formatIssue)
    if (issues.length > SHOWN_ISSUES) lines.push(`… and ${(issues.length - SHOWN_ISSUES).toLocaleString('en-US')} more`)
    super('EVALSUITE_DATASET_INVALID', `Invalid dataset:\n${lines.join('\n')}`, options)
    this.issues = issues
  }
}

/** One issue as `file:line: field: message`. */
export function formatIssue(issue: DatasetIssue): string {
  const where = issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`
  return issue.field === undefined ? `${where}: ${issue.message}` : `${where}: ${issue.field}: ${issue.message}`
}

/** A model call failed after its retries. */
export class ModelError extends EvalsuiteError {
  constructor(message: string, options?: ErrorOptions) {
    super('EVALSUITE_MODEL_FAILED', message, options)
  }
}

/** A scorer threw, or returned something that is not a score. */
export class ScorerError extends EvalsuiteError {
  constructor(message: string, options?: ErrorOptions) {
    super('EVALSUITE_SCORER_FAILED', message, options)
  }
}

/**
 * A benchmark's gate failed: a threshold its metric left, a significant drop against the baseline, or more errored
 * samples than `maxErrors`. Thrown by the gate's own test, so Vitest's summary and exit code carry the verdict.
 */
export class GateError extends EvalsuiteError {
  constructor(message: string, options?: ErrorOptions) {
    super('EVALSUITE_GATE_FAILED', message, options)
    // the message says everything: a stack through evalsuite's gate code, or Vitest's dump of the code under it,
    // would only bury it
    this.stack = `${this.name}: ${message}`
    Object.defineProperty(this, 'code', { enumerable: false })
  }
}

/** A judge could not give a verdict: its call failed or timed out, or a verdict it needs is not recorded. */
export class JudgeError extends EvalsuiteError {
  constructor(message: string, options?: ErrorOptions) {
    super('EVALSUITE_JUDGE_FAILED', message, options)
  }
}
