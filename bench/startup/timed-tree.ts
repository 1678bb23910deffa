import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { descendants, kibibytes, readOrEmpty } from '../memory/tree-rss.ts'

const GNU_TIME = '/usr/bin/time'

/** A finished command: its wall time, CPU time and the peak memory of its process tree. */
export interface TimedRun {
  exitCode: number | null
  stdout: string
  stderr: string
  wallMs: number
  /** User and system time of the command and every process it waited for (GNU time's %U + %S). */
  cpuMs: number
  /** The largest sum of VmRSS over the command and its descendants at one sampling instant, in MiB. */
  peakTreeMib: number
}

/**
 * Runs a command under GNU time (for CPU time, which counts a forked worker's as well as a thread's) and samples the
 * resident memory of the command's tree, GNU time itself left out, every `intervalMs`: a start-up lasts well under a
 * second, so the interval is short.
 */
export async function runTimed(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; scratch: string; intervalMs?: number },
): Promise<TimedRun> {
  if (!existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} is needed for CPU time; install GNU time (apt-get install time)`)
  const started = performance.now()
  const child = spawn(GNU_TIME, ['-f', '%U %S', '-o', options.scratch, command, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  let peak = 0
  const sample = (): void => {
    if (child.pid === undefined) return
    const tree = descendants(child.pid).slice(1)
    let total = 0
    for (const pid of tree) total += kibibytes(readOrEmpty(`/proc/${pid}/status`), 'VmRSS')
    peak = Math.max(peak, total)
  }
  const timer = setInterval(sample, options.intervalMs ?? 10)
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', resolve)
  })
  clearInterval(timer)
  const wallMs = performance.now() - started
  const [user, system] = ((await readFile(options.scratch, 'utf8')).trim().split('\n').at(-1) ?? '').split(' ').map(Number)
  await rm(options.scratch, { force: true })
  return { exitCode, stdout, stderr, wallMs, cpuMs: ((user ?? NaN) + (system ?? NaN)) * 1000, peakTreeMib: peak / 1024 }
}
