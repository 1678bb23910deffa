import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Report } from '../src/index.ts'
import { buildPackage } from '../scripts/build.ts'
import { runSampled, type TreeRun } from './memory/tree-rss.ts'
import { writeFixture } from './overhead/fixture.ts'
import { LONG_REPLY_BENCHMARK, TASK_BENCHMARK, trivialTestFile } from './overhead/test-files.ts'

const REPO = fileURLToPath(new URL('..', import.meta.url))
const RESULTS = join(REPO, 'bench/results')
const WORK = join(RESULTS, 'work-memory')
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')
const TARGET = 1.1
const MIB = 1024 * 1024

// `npm run bench:memory -- [samples] [rounds]`: the largest run, measured beside a fifth and a half of it
const samples = Number(process.argv[2] ?? 50_000)
const rounds = Number(process.argv[3] ?? 3)
if (!Number.isInteger(samples) || samples < 10 || !Number.isInteger(rounds) || rounds < 1) {
  throw new Error(`usage: npm run bench:memory -- [samples ≥ 10] [rounds ≥ 1]; received ${process.argv.slice(2).join(' ')}`)
}
const SIZES = [Math.round(samples / 5), Math.round(samples / 2), samples]

/**
 * The contestants: plain Vitest as it runs 50,000 trivial tests by default, in forked processes (the issue's "plain
 * Vitest", whose whole process tree it measured; the target is held to it); plain Vitest in worker threads, the pool
 * the plugin gives eval files, so that the two differ by evalsuite alone (stricter: it charges evalsuite with all the
 * data a sample holds, twice, where a trivial test holds none); the benchmark; and the same benchmark with replies of
 * about 2,400 characters, which each sample keeps cut to 2,000 (no target: it shows what a run of a model that
 * reasons costs); and the benchmark with the plugin's `compactWorkerHeaps`, the opt-in that trades a process-wide
 * V8 setting for memory (no target: it shows what the option buys).
 */
const CONTESTANTS = ['threads', 'forks', 'evalsuite', 'long', 'compact'] as const
type Contestant = (typeof CONTESTANTS)[number]

async function writePlain(dir: string, tests: number, pool: 'threads' | 'forks'): Promise<string> {
  await mkdir(join(dir, 'test'), { recursive: true })
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-plain', private: true, type: 'module' })}\n`)
  await writeFile(
    join(dir, 'vitest.config.ts'),
    `import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({ test: { pool: '${pool}' } })\n`,
  )
  await writeFile(join(dir, 'test/trivial.test.ts'), trivialTestFile(tests))
  return dir
}

async function writeBenchmark(dir: string, tests: number, evalFile: string, compact = false): Promise<string> {
  const fixture = await writeFixture(dir, REPO, tests, 16, true)
  await writeFile(join(fixture.dir, 'evals/bench.eval.ts'), evalFile)
  if (compact) {
    const config = `import { defineConfig } from 'vitest/config'\nimport { evalsuite } from 'evalsuite/plugin'\n\nexport default defineConfig({ plugins: [evalsuite({ recordings: { mode: 'live' }, compactWorkerHeaps: true })] })\n`
    await writeFile(join(fixture.dir, 'vitest.config.ts'), config)
  }
  return fixture.dir
}

async function writeProjects(tests: number): Promise<Record<Contestant, string>> {
  return {
    threads: await writePlain(join(WORK, `threads-${tests}`), tests, 'threads'),
    forks: await writePlain(join(WORK, `forks-${tests}`), tests, 'forks'),
    evalsuite: await writeBenchmark(join(WORK, `evalsuite-${tests}`), tests, TASK_BENCHMARK),
    long: await writeBenchmark(join(WORK, `long-${tests}`), tests, LONG_REPLY_BENCHMARK),
    compact: await writeBenchmark(join(WORK, `compact-${tests}`), tests, TASK_BENCHMARK, true),
  }
}

function check(condition: boolean, message: string, run: TreeRun): void {
  if (!condition)
    throw new Error(`${message}\n--- stdout (tail)\n${run.stdout.slice(-3000)}\n--- stderr (tail)\n${run.stderr.slice(-3000)}`)
}

async function runPlain(dir: string, tests: number): Promise<TreeRun> {
  const run = await runSampled(process.execPath, [VITEST, 'run'], { cwd: dir, env: { CI: 'true', NO_COLOR: '1' } })
  check(run.exitCode === 0 && run.stdout.includes(`${tests} passed`), `the plain run of ${tests} tests exited with ${run.exitCode}`, run)
  return run
}

async function runEvalsuite(dir: string, tests: number): Promise<TreeRun> {
  const reportFile = join(dir, 'eval-reports/bench.json')
  await rm(reportFile, { force: true })
  const run = await runSampled(process.execPath, [VITEST, 'run', 'evals'], {
    cwd: dir,
    env: { CI: 'true', NO_COLOR: '1', EVALSUITE_RECORDINGS: 'live' },
  })
  check(run.exitCode === 0, `the evalsuite run of ${tests} samples exited with ${run.exitCode}`, run)
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as Report
  check(report.counts.right === tests, `the evalsuite run of ${tests} samples: counts ${JSON.stringify(report.counts)}`, run)
  return run
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const mib = (value: number): string => `${Math.round(value)} MiB`

const run = (contestant: Contestant, dir: string, tests: number): Promise<TreeRun> =>
  contestant === 'threads' || contestant === 'forks' ? runPlain(dir, tests) : runEvalsuite(dir, tests)

async function main(): Promise<void> {
  console.log(
    `evalsuite memory: ${SIZES.join(', ')} samples, ${rounds} alternating rounds, medians (${availableParallelism()} CPUs, Node ${process.version})`,
  )
  await buildPackage()
  await rm(WORK, { recursive: true, force: true })
  const measured = new Map<number, Record<Contestant, TreeRun[]>>()
  try {
    const projects = new Map<number, Record<Contestant, string>>()
    for (const size of SIZES) {
      projects.set(size, await writeProjects(size))
      measured.set(size, { threads: [], forks: [], evalsuite: [], long: [], compact: [] })
    }
    for (let round = 1; round <= rounds; round++) {
      for (const size of SIZES) {
        const runs = measured.get(size)!
        for (const contestant of CONTESTANTS) runs[contestant].push(await run(contestant, projects.get(size)![contestant], size))
        const line = CONTESTANTS.map((c) => `${c} ${mib(runs[c].at(-1)!.peakTreeMib)} (${Math.round(runs[c].at(-1)!.processMs / 1000)} s)`)
        console.log(`  round ${round}, ${size} tests: ${line.join(', ')}`)
      }
    }
  } finally {
    await rm(WORK, { recursive: true, force: true })
  }
  const rows = SIZES.map((size) => {
    const runs = measured.get(size)!
    const peak = (c: Contestant): number => median(runs[c].map((r) => r.peakTreeMib))
    const ratio = (baseline: Contestant): number => median(runs.evalsuite.map((r, i) => r.peakTreeMib / runs[baseline][i]!.peakTreeMib))
    const compactRatio = median(runs.compact.map((r, i) => r.peakTreeMib / runs.forks[i]!.peakTreeMib))
    const wallSeconds = (c: Contestant): number => median(runs[c].map((r) => r.processMs / 1000))
    return {
      samples: size,
      threadsMib: peak('threads'),
      forksMib: peak('forks'),
      evalsuiteMib: peak('evalsuite'),
      longMib: peak('long'),
      compactMib: peak('compact'),
      ratio: ratio('forks'),
      threadsRatio: ratio('threads'),
      compactRatio,
      evalsuiteSeconds: wallSeconds('evalsuite'),
      compactSeconds: wallSeconds('compact'),
    }
  })
  console.log(
    '\n  samples   Vitest, forks   Vitest, threads   evalsuite   ÷ forks   ÷ threads   long replies   compactWorkerHeaps   ÷ forks   wall s (default / compact)',
  )
  for (const row of rows) {
    console.log(
      `  ${String(row.samples).padStart(7)}   ${mib(row.forksMib).padStart(13)}   ${mib(row.threadsMib).padStart(15)}   ${mib(row.evalsuiteMib).padStart(9)}   ` +
        `${`×${row.ratio.toFixed(3)}`.padStart(7)}   ${`×${row.threadsRatio.toFixed(3)}`.padStart(9)}   ${mib(row.longMib).padStart(12)}   ` +
        `${mib(row.compactMib).padStart(18)}   ${`×${row.compactRatio.toFixed(3)}`.padStart(7)}   ${row.evalsuiteSeconds.toFixed(1)} / ${row.compactSeconds.toFixed(1)}`,
    )
  }
  // the growth from the smallest run to the largest, per test: what one more sample costs once the run is going
  const first = rows[0]!
  const last = rows.at(-1)!
  const perTest = (from: number, to: number): number => Math.round(((to - from) * MIB) / (last.samples - first.samples))
  const growth = {
    threads: perTest(first.threadsMib, last.threadsMib),
    forks: perTest(first.forksMib, last.forksMib),
    evalsuite: perTest(first.evalsuiteMib, last.evalsuiteMib),
    long: perTest(first.longMib, last.longMib),
  }
  console.log(
    `\n  growth from ${first.samples} to ${last.samples}, bytes a test: Vitest in forks ${growth.forks}, in threads ${growth.threads}; ` +
      `evalsuite ${growth.evalsuite} a sample, ${growth.long} with long replies`,
  )
  console.log(
    `  ${last.samples} samples: ×${last.ratio.toFixed(3)} the peak of plain Vitest as it runs by default, in forks (target ≤ ${TARGET}) ${last.ratio <= TARGET ? 'ok' : 'MISSED'}; ` +
      `×${last.threadsRatio.toFixed(3)} that of Vitest in worker threads, the pool of eval files`,
  )
  console.log('\nPeak: the largest sum of VmRSS over the vitest process and its descendants, sampled every 100 ms.')
  await mkdir(RESULTS, { recursive: true })
  const output = join(RESULTS, 'memory.json')
  await writeFile(
    output,
    `${JSON.stringify({ createdAt: new Date().toISOString(), node: process.version, cpus: availableParallelism(), rounds, rows, growth, target: TARGET }, null, 2)}\n`,
  )
  console.log(`Results in ${output}`)
}

await main()
