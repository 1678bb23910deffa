import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { constants } from 'node:os'
import type { Writable } from 'node:stream'
import { ConfigError } from '../errors.ts'
import { bubblewrapArgs, type RunLimits } from './bubblewrap-args.ts'
import { EXCERPT_CHARACTERS, type Execution, type Outcome } from './execution.ts'
import { LAUNCHER } from './launcher.ts'
import type { PythonInstall } from './python-install.ts'
import { seccompFilter } from './seccomp-filter.ts'

/** The programs a sandbox runs with, found once. */
export interface SandboxHost {
  bubblewrap: string
  python: PythonInstall
}

/** The limits of one program's run. */
export interface ProgramLimits extends RunLimits {
  timeoutMs: number
  outputBytes: number
}

const LIMIT_REACHED: Partial<Record<Outcome, string>> = {
  'timed-out': 'stopped: it ran past its time limit',
  'output-too-large': 'stopped: it wrote more than its output limit',
}

function excerpt(...parts: string[]): string {
  const text = parts
    .filter((part) => part.length > 0)
    .join('\n')
    .trim()
  return text.length <= EXCERPT_CHARACTERS ? text : `…${text.slice(text.length - EXCERPT_CHARACTERS + 1)}`
}

// the sandbox's first process reports a program killed by a signal as 128 + the signal's number, as a shell does
function signalName(code: number | null, killedBy: NodeJS.Signals | null): string | undefined {
  if (killedBy) return killedBy
  if (code === null || code <= 128) return undefined
  return Object.entries(constants.signals).find(([, number]) => number === code - 128)?.[0]
}

function ended(code: number | null, killedBy: NodeJS.Signals | null, stderr: string): Pick<Execution, 'outcome' | 'excerpt'> {
  const signal = signalName(code, killedBy)
  // the CPU-time limit, set a little above the wall-clock one
  if (signal === 'SIGXCPU') return { outcome: 'timed-out', excerpt: excerpt(LIMIT_REACHED['timed-out']!, stderr) }
  const why = signal ? `the program was killed by ${signal}` : `the program exited with code ${code} before its tests finished`
  return { outcome: 'errored', excerpt: excerpt(stderr, why) }
}

/**
 * Runs one Python program in a fresh sandbox (bubblewrap, the seccomp filter, hard resource limits) and reads how it
 * ended. What the program does never makes it throw: every end is an `Execution`. It rejects only when the sandbox
 * itself cannot start, with bubblewrap's own words.
 */
export function runPython(
  program: string,
  { bubblewrap, python }: SandboxHost,
  limits: ProgramLimits,
  signal?: AbortSignal,
): Promise<Execution> {
  const nonce = randomUUID()
  const started = performance.now()
  const cpuSeconds = Math.ceil(limits.timeoutMs / 1000) + 1
  const launch = [python.executable, '-I', '-c', LAUNCHER, String(limits.memoryBytes), String(cpuSeconds), String(limits.scratchBytes)]
  const child = spawn(bubblewrap, [...bubblewrapArgs(python, limits), ...launch], { stdio: ['pipe', 'pipe', 'pipe', 'pipe'], env: {} })
  return new Promise((resolve, reject) => {
    let stopped: Outcome | undefined
    let written = 0
    let stdout = ''
    let stderr = ''
    const stop = (outcome: Outcome): void => {
      stopped ??= outcome
      child.kill('SIGKILL')
    }
    const timer = setTimeout(() => stop('timed-out'), limits.timeoutMs)
    const onAbort = (): void => stop('timed-out')
    signal?.addEventListener('abort', onAbort, { once: true })
    const within = (chunk: Buffer): boolean => {
      written += chunk.length
      if (written > limits.outputBytes) stop('output-too-large')
      return written <= limits.outputBytes
    }
    child.stdout.on('data', (chunk: Buffer) => {
      // only the first line (started) and the last (the outcome) are read: keep the head and a bounded tail
      if (within(chunk))
        stdout =
          stdout.length < 200
            ? stdout + chunk.toString('utf8')
            : stdout.slice(0, 200) + (stdout.slice(200) + chunk.toString('utf8')).slice(-200)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      // the end of stderr is what explains a failure (a traceback's last lines)
      if (within(chunk)) stderr = (stderr + chunk.toString('utf8')).slice(-4 * EXCERPT_CHARACTERS)
    })
    child.on('error', (error) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      reject(error)
    })
    child.on('close', (code, killedBy) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      const durationMs = performance.now() - started
      if (stopped) return resolve({ outcome: stopped, excerpt: excerpt(LIMIT_REACHED[stopped] ?? '', stderr), durationMs })
      if (!stdout.startsWith(`${nonce} started\n`)) {
        return reject(
          new ConfigError(`The code sandbox did not start (bubblewrap exited with code ${code}): ${excerpt(stderr) || 'it said nothing'}`),
        )
      }
      const last = new RegExp(`\\n${nonce} (passed|failed|errored|out-of-memory)\\n$`).exec(stdout)
      if (last) return resolve({ outcome: last[1] as Outcome, excerpt: excerpt(stderr), durationMs })
      resolve({ ...ended(code, killedBy, stderr), durationMs })
    })
    const filter = child.stdio[3] as Writable
    filter.on('error', () => {})
    filter.end(seccompFilter())
    child.stdin.on('error', () => {})
    child.stdin.end(`${nonce}\n${program}`)
  })
}
