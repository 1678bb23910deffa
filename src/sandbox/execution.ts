/** How a program's run ended. */
export type Outcome = 'passed' | 'failed' | 'errored' | 'timed-out' | 'out-of-memory' | 'output-too-large'

/** What one run of a program in the sandbox did. */
export interface Execution {
  /**
   * `passed`: it ran to its end (every test in it passed); `failed`: an assertion failed; `errored`: any other
   * exception, an early exit or a crash; `timed-out`, `out-of-memory`, `output-too-large`: a limit ended it.
   */
  outcome: Outcome
  /** The end of what it wrote to stderr (a traceback), or why it was stopped; at most `EXCERPT_CHARACTERS`. */
  excerpt: string
  durationMs: number
}

/** The longest excerpt an execution keeps. */
export const EXCERPT_CHARACTERS = 1_000
