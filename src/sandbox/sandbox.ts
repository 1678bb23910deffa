import { accessSync, constants } from 'node:fs'
import { availableParallelism, platform } from 'node:os'
import { delimiter, join } from 'node:path'
import pLimit from 'p-limit'
import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import type { Execution } from './execution.ts'
import { findPython } from './python-install.ts'
import { runPython, type ProgramLimits, type SandboxHost } from './run-python.ts'

const MB = 2 ** 20

/** Where and how long a sandboxed program may run. */
export const SandboxOptionsSchema = z
  .object({
    /** The Python interpreter: a command on PATH or a path. */
    python: z.string().min(1).default('python3'),
    /** Wall-clock time one program may run, in milliseconds; its CPU time is held a second above it. */
    timeoutMs: z.number().int().positive().max(600_000).default(10_000),
    /** Memory one program may map, in MB. */
    memoryMb: z.number().positive().max(65_536).default(512),
    /** What one program may write to stdout and stderr together, in MB; past it the program is stopped. */
    outputMb: z.number().positive().max(1_024).default(1),
    /** The size of the private `/tmp` it may write to (gone when it ends), in MB; also its largest file. */
    scratchMb: z.number().positive().max(4_096).default(64),
    /** Programs run at once. */
    concurrency: z.number().int().positive().max(256).default(availableParallelism()),
  })
  .strict()
/** Options of the code sandbox. */
export type SandboxOptions = z.input<typeof SandboxOptionsSchema>

/** Runs programs, a bounded number at once, each in a sandbox of its own. */
export interface Sandbox {
  /** Runs one Python program; resolves with how it ended, whatever it did. */
  run(program: string, signal?: AbortSignal): Promise<Execution>
}

const MISSING_BUBBLEWRAP =
  'The code sandbox needs bubblewrap ("bwrap" on PATH), which was not found. Install it with the system\'s package manager: ' +
  '"apt-get install bubblewrap" (Debian, Ubuntu), "dnf install bubblewrap" (Fedora), "apk add bubblewrap" (Alpine).'

function findBubblewrap(): string {
  const found = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((folder) => join(folder, 'bwrap'))
    .find((file) => {
      try {
        accessSync(file, constants.X_OK)
        return true
      } catch {
        return false
      }
    })
  if (found === undefined) throw new ConfigError(MISSING_BUBBLEWRAP)
  return found
}

/**
 * A sandbox for programs a model wrote (see docs/code-benchmarks.md for what it guards and what it does not). Nothing
 * starts until the first run, which finds the interpreter and fails with a clear `ConfigError` when the machine cannot
 * sandbox: not Linux, no bubblewrap, or user namespaces turned off.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const parsed = SandboxOptionsSchema.safeParse(options)
  if (!parsed.success) throw new ConfigError(`Invalid sandbox options: ${z.prettifyError(parsed.error)}`)
  const settings = parsed.data
  const limits: ProgramLimits = {
    timeoutMs: settings.timeoutMs,
    memoryBytes: Math.round(settings.memoryMb * MB),
    outputBytes: Math.round(settings.outputMb * MB),
    scratchBytes: Math.round(settings.scratchMb * MB),
  }
  const limit = pLimit(settings.concurrency)
  let host: Promise<SandboxHost> | undefined
  const ready = async (): Promise<SandboxHost> => {
    if (platform() !== 'linux')
      throw new ConfigError(`The code sandbox runs on Linux only (bubblewrap and seccomp); this machine runs ${platform()}.`)
    const bubblewrap = findBubblewrap()
    return { bubblewrap, python: await findPython(settings.python) }
  }
  return {
    run: (program, signal) =>
      limit(async () => {
        host ??= ready()
        return runPython(program, await host, limits, signal)
      }),
  }
}
