import { stableHash } from '../store/index.ts'
import type { Execution, Sandbox, SandboxOptions } from '../sandbox/index.ts'
import { cutText, type Check, type Sample } from '../schema/index.ts'
import type { MatchAnswerOptions } from './match-answer.ts'
import { readProgram } from './read-program.ts'

/** How `toPassCode` and the `code` answer kind build the program they run. */
export interface CodeOptions {
  /** The language of the fenced block the program is read from. Only Python runs today. @default 'python' */
  language?: 'python'
  /**
   * Code placed before the reply's program: HumanEval's prompt (the signature and docstring, with its imports), so
   * that a reply that continues the function and one that rewrites it whole both run.
   */
  prefix?: string
  /** Where and how long the program may run. @default 10 s, 512 MB, 1 MB of output */
  sandbox?: SandboxOptions
}

/** The `code` answer kind: as `CodeOptions`, but the prefix may be each sample's own (HumanEval's prompt). */
export interface CodeAnswerOptions extends Omit<CodeOptions, 'prefix'> {
  kind: 'code'
  prefix?: string | ((sample: Sample) => string)
}

/** How the default scorer reads answers: a `matchAnswer` kind, or `code` (the reply's program run with the target as its tests). */
export type AnswerOptions = MatchAnswerOptions | CodeAnswerOptions

// one pool a set of options, for the whole worker: programs of every sample share its bound on concurrency. The
// sandbox's code (and node:child_process) loads with the first program run: most runs never run one
const sandboxes = new Map<string, Promise<Sandbox>>()

function sandboxFor(options: SandboxOptions = {}): Promise<Sandbox> {
  const key = stableHash(options)
  let sandbox = sandboxes.get(key)
  if (sandbox === undefined) {
    sandbox = import('../sandbox/index.ts').then(({ createSandbox }) => createSandbox(options))
    sandboxes.set(key, sandbox)
  }
  return sandbox
}

const OUTCOMES: Record<Execution['outcome'], string> = {
  passed: 'every test passed',
  failed: 'a test failed',
  errored: 'the program raised an error',
  'timed-out': 'the program ran past its time limit',
  'out-of-memory': 'the program ran out of memory',
  'output-too-large': 'the program wrote more than its output limit',
}

/**
 * Runs the program a reply holds with the sample's tests in the sandbox; right when it runs to its end, every
 * assertion passing. The check keeps the program that ran (cut as reports cut texts) and how it ended.
 */
export async function checkCode(
  output: string,
  tests: string,
  options: CodeOptions = {},
  signal?: AbortSignal,
  matcher = 'toPassCode',
): Promise<Check> {
  const read = readProgram(output, options.language)
  const program = [options.prefix, read.program, tests].filter((part) => part !== undefined && part.length > 0).join('\n')
  const execution = await (await sandboxFor(options.sandbox)).run(program, signal)
  const excerpt = execution.excerpt.length > 0 ? `: ${execution.excerpt}` : ''
  return {
    matcher,
    kind: 'code',
    pass: execution.outcome === 'passed',
    target: cutText(tests),
    extracted: cutText(read.program),
    passage: read.source === 'fence' ? 'the last fenced code block' : 'the whole reply (no fenced code block)',
    explanation: `${OUTCOMES[execution.outcome]}${excerpt}`,
    execution: { outcome: execution.outcome, durationMs: Math.round(execution.durationMs) },
  }
}
