import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { copyFixture } from '../support/fixture-copy.ts'
import { ReportSchema, type Report } from '../../src/schema/index.ts'

const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url))

/** The end-to-end fixture, a user's project with the plugin in its config: this test file's own copy of it. */
export const FIXTURE = copyFixture('e2e')

export interface VitestRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Starts `vitest run` in the fixture as a user would, with a clean environment (no keys, no parent Vitest state). */
export function spawnVitest(
  args: string[],
  env: Record<string, string> = {},
  cwd = FIXTURE,
): { process: ChildProcess; kill: (signal: NodeJS.Signals) => void; done: Promise<VitestRun> } {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('VITEST') && !key.startsWith('OPENAI_') && key !== 'NODE_ENV' && key !== 'TEST',
    ),
  )
  const child = spawn(process.execPath, [VITEST, 'run', ...args], {
    cwd,
    env: { ...inherited, CI: 'true', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group, so that a signal reaches Vitest's workers too, as Ctrl-C or a CI runner's kill does
    detached: true,
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const done = new Promise<VitestRun>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
  const kill = (signal: NodeJS.Signals): void => {
    if (child.pid !== undefined) process.kill(-child.pid, signal)
  }
  return { process: child, kill, done }
}

/** Runs `vitest run` in the fixture to the end. */
export function runVitest(args: string[], env: Record<string, string> = {}, cwd = FIXTURE): Promise<VitestRun> {
  return spawnVitest(args, env, cwd).done
}

/** The JSON report the reporter wrote for a benchmark, validated against the published schema. */
export async function readReport(benchmark: string, cwd = FIXTURE): Promise<Report> {
  return ReportSchema.parse(JSON.parse(await readFile(`${cwd}/eval-reports/${benchmark}.json`, 'utf8')))
}

/** A report's metric rows of what was scored, without the usage figures (latency, tokens) that vary between runs. */
export function scoreRows(report: Report): Report['metrics'] {
  return report.metrics.filter((row) => report.catalog[row.metric]?.kind !== 'usage')
}

/** The evalsuite table rows of one benchmark, whitespace folded, for stable assertions; the timing line is left out. */
export function tableRows(stdout: string, benchmark: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.trimStart().startsWith(benchmark) && !line.includes(': latency p50'))
    .map((line) => line.trim().replace(/\s{2,}/g, ' | '))
}

/** The Test Files and Tests lines of Vitest's own summary, whitespace trimmed: they must agree with evalsuite's verdict. */
export function vitestSummary(stdout: string): string[] {
  return stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('Test Files ') || line.startsWith('Tests '))
}

/** The tests Vitest lists under "Failed Tests" (on stderr), as `file > suite > test`, without the project label. */
export function failedTests(run: VitestRun): string[] {
  return [...run.stderr.matchAll(/^ FAIL {2}(?:\|[^|]+\| )?(.+)$/gm)].map((found) => found[1]!.trim())
}
