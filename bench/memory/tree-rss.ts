import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** A finished child process and the memory its process tree held. */
export interface TreeRun {
  exitCode: number | null
  stdout: string
  stderr: string
  processMs: number
  /** The largest sum of VmRSS over the child and all its descendants at one sampling instant, in MiB. */
  peakTreeMib: number
  /** The child process's own peak RSS (its VmHWM as last sampled), in MiB: with worker threads, the whole of Vitest. */
  peakMainMib: number
  /** How many processes the tree held at most. */
  processes: number
  samples: number
}

// read errors are a process that exited between listing and reading: it holds nothing any more
export function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

/** The process and all its descendants, from /proc. */
export function descendants(pid: number): number[] {
  const found = [pid]
  for (let i = 0; i < found.length; i++) {
    let threads: string[]
    try {
      threads = readdirSync(`/proc/${found[i]}/task`)
    } catch {
      continue
    }
    for (const thread of threads) {
      for (const child of readOrEmpty(`/proc/${found[i]}/task/${thread}/children`).split(' ')) if (child.trim()) found.push(Number(child))
    }
  }
  return found
}

/** A memory field of a /proc/<pid>/status text, in KiB. */
export function kibibytes(status: string, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
  return match ? Number(match[1]) : 0
}

/**
 * Runs a command and samples its process tree's resident memory every `intervalMs`. GNU time's %M is the peak of the
 * largest single process, which misses a forked worker's memory; the sum over the tree at one instant counts both,
 * though pages the processes share (Node's own code) count once per process and a peak shorter than the interval can
 * slip between samples.
 */
export async function runSampled(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; intervalMs?: number },
): Promise<TreeRun> {
  const started = performance.now()
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  let peakTree = 0
  let peakMain = 0
  let processes = 0
  let samples = 0
  const sample = (): void => {
    if (child.pid === undefined) return
    const tree = descendants(child.pid)
    let total = 0
    for (const pid of tree) total += kibibytes(readOrEmpty(`/proc/${pid}/status`), 'VmRSS')
    peakMain = Math.max(peakMain, kibibytes(readOrEmpty(`/proc/${child.pid}/status`), 'VmHWM'))
    peakTree = Math.max(peakTree, total)
    processes = Math.max(processes, tree.length)
    samples++
  }
  const timer = setInterval(sample, options.intervalMs ?? 100)
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', resolve)
  })
  clearInterval(timer)
  return {
    exitCode,
    stdout,
    stderr,
    processMs: performance.now() - started,
    peakTreeMib: peakTree / 1024,
    peakMainMib: peakMain / 1024,
    processes,
    samples,
  }
}
