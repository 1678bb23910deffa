import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'

const GNU_TIME = '/usr/bin/time'

/** A finished child process, timed from spawn to exit. */
export interface ChildRun {
  processMs: number
  exitCode: number | null
  stdout: string
  stderr: string
  /** Peak RSS of the largest single process in the child's tree (GNU time's %M); null without /usr/bin/time. */
  peakRssMb: number | null
  /** CPU time (user and system) of the child and the processes it waited for (GNU time's %U + %S); null without it. */
  cpuMs: number | null
}

export interface ChildOptions {
  cwd: string
  env?: Record<string, string>
  /** Scratch file for GNU time's output. */
  rssFile: string
}

export async function runChild(command: string, args: string[], options: ChildOptions): Promise<ChildRun> {
  const timed = existsSync(GNU_TIME)
  const [file, argv] = timed ? [GNU_TIME, ['-f', '%M %U %S', '-o', options.rssFile, command, ...args]] : [command, args]
  const started = performance.now()
  const child = spawn(file, argv, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', resolve)
  })
  const processMs = performance.now() - started
  let peakRssMb: number | null = null
  let cpuMs: number | null = null
  if (timed) {
    const [kilobytes, user, system] = ((await readFile(options.rssFile, 'utf8')).trim().split('\n').at(-1) ?? '').split(' ').map(Number)
    peakRssMb = Number.isFinite(kilobytes) ? kilobytes! / 1024 : null
    cpuMs = Number.isFinite(user) && Number.isFinite(system) ? (user! + system!) * 1000 : null
    await rm(options.rssFile, { force: true })
  }
  return { processMs, exitCode, stdout, stderr, peakRssMb, cpuMs }
}
