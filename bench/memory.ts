import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Report } from '../src/index.ts'
import { buildPackage } from '../scripts/build.ts'
import { runSampled, type TreeRun } from './memory/tree-rss.ts'
import { writeFixture } from './overhead/fixture.ts'

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

// the trivial tests of bench/replay.ts, in one file as the benchmark's samples are, run in worker threads as the
// plugin runs eval files: the two runs differ by evalsuite alone
const trivialTests = (tests: number): string => `import { expect, test } from 'vitest'

for (let i = 1; i <= ${tests}; i++) {
  test(\`t\${i}\`, () => {
    expect(String(i)).toBe(String(i))
  })
}
`

// an instant model: the task returns the target, so every byte the run holds is the run's own
const TASK_BENCHMARK = `import { datasets, describeBenchmark } from 'evalsuite'

describeBenchmark('bench', {
  dataset: datasets.jsonl('data.jsonl'),
  task: (sample) => String(sample.target),
  concurrency: 16,
})
`

interface Projects {
  plain: string
  evalsuite: string
}

async function writeProjects(tests: number): Promise<Projects> {
  const plain = join(WORK, `plain-${tests}`)
  await mkdir(join(plain, 'test'), { recursive: true })
  await writeFile(join(plain, 'package.json'), `${JSON.stringify({ name: 'bench-plain', private: true, type: 'module' })}\n`)
  await writeFile(join(plain, 'vitest.config.ts'), `import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({ test: { pool: 'threads' } })\n`)
  await writeFile(join(plain, 'test/trivial.test.ts'), trivialTests(tests))
  const fixture = await writeFixture(join(WORK, `evalsuite-${tests}`), REPO, tests, 16, true)
  await writeFile(join(fixture.dir, 'evals/bench.eval.ts'), TASK_BENCHMARK)
  return { plain, evalsuite: fixture.dir }
}

function check(condition: boolean, message: string, run: TreeRun): void {
  if (!condition) throw new Error(`${message}\n--- stdout (tail)\n${run.stdout.slice(-3000)}\n--- stderr (tail)\n${run.stderr.slice(-3000)}`)
}

async function runPlain(dir: string, tests: number): Promise<TreeRun> {
  const run = await runSampled(process.execPath, [VITEST, 'run'], { cwd: dir, env: { CI: 'true', NO_COLOR: '1' } })
  check(run.exitCode === 0 && run.stdout.includes(`${tests} passed`), `the plain run of ${tests} tests exited with ${run.exitCode}`, run)
  return run
}

async function runEvalsuite(dir: string, tests: number): Promise<TreeRun> {
  const reportFile = join(dir, 'eval-reports/bench.json')
  await rm(reportFile, { force: true })
  const run = await runSampled(process.execPath, [VITEST, 'run'], { cwd: dir, env: { CI: 'true', NO_COLOR: '1', EVALSUITE_RECORDINGS: 'live' } })
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

async function main(): Promise<void> {
  console.log(`evalsuite memory: ${SIZES.join(', ')} samples, ${rounds} alternating rounds, medians (${availableParallelism()} CPUs, Node ${process.version})`)
  await buildPackage()
  await rm(WORK, { recursive: true, force: true })
  const measured = new Map<number, { plain: TreeRun[]; evalsuite: TreeRun[] }>()
  try {
    const projects = new Map<number, Projects>()
    for (const size of SIZES) {
      projects.set(size, await writeProjects(size))
      measured.set(size, { plain: [], evalsuite: [] })
    }
    for (let round = 1; round <= rounds; round++) {
      for (const size of SIZES) {
        const plain = await runPlain(projects.get(size)!.plain, size)
        const evalsuite = await runEvalsuite(projects.get(size)!.evalsuite, size)
        measured.get(size)!.plain.push(plain)
        measured.get(size)!.evalsuite.push(evalsuite)
        console.log(
          `  round ${round}, ${size} tests: plain ${mib(plain.peakTreeMib)} (${Math.round(plain.processMs / 1000)} s), ` +
            `evalsuite ${mib(evalsuite.peakTreeMib)} (${Math.round(evalsuite.processMs / 1000)} s), ×${(evalsuite.peakTreeMib / plain.peakTreeMib).toFixed(3)}`,
        )
      }
    }
  } finally {
    await rm(WORK, { recursive: true, force: true })
  }
  const rows = SIZES.map((size) => {
    const { plain, evalsuite } = measured.get(size)!
    return {
      samples: size,
      plainMib: median(plain.map((run) => run.peakTreeMib)),
      evalsuiteMib: median(evalsuite.map((run) => run.peakTreeMib)),
      ratio: median(plain.map((run, i) => evalsuite[i]!.peakTreeMib / run.peakTreeMib)),
      plainProcesses: Math.max(...plain.map((run) => run.processes)),
      evalsuiteProcesses: Math.max(...evalsuite.map((run) => run.processes)),
    }
  })
  console.log('\n  samples   plain Vitest   evalsuite   ratio')
  for (const row of rows) console.log(`  ${String(row.samples).padStart(7)}   ${mib(row.plainMib).padStart(12)}   ${mib(row.evalsuiteMib).padStart(9)}   ×${row.ratio.toFixed(3)}`)
  // the growth from the smallest run to the largest, per test: what one more sample costs once the run is going
  const first = rows[0]!
  const last = rows.at(-1)!
  const perTest = (from: number, to: number): number => ((to - from) * MIB) / (last.samples - first.samples)
  const plainBytes = perTest(first.plainMib, last.plainMib)
  const evalsuiteBytes = perTest(first.evalsuiteMib, last.evalsuiteMib)
  console.log(`\n  growth from ${first.samples} to ${last.samples}: plain Vitest ${Math.round(plainBytes)} bytes a test, evalsuite ${Math.round(evalsuiteBytes)} bytes a sample`)
  console.log(`  ${last.samples} samples: ×${last.ratio.toFixed(3)} the plain run's peak (target ≤ ${TARGET}) ${last.ratio <= TARGET ? 'ok' : 'MISSED'}`)
  console.log('\nPeak: the largest sum of VmRSS over the vitest process and its descendants, sampled every 100 ms.')
  await mkdir(RESULTS, { recursive: true })
  const output = join(RESULTS, 'memory.json')
  await writeFile(output, `${JSON.stringify({ createdAt: new Date().toISOString(), node: process.version, cpus: availableParallelism(), rounds, rows, plainBytes, evalsuiteBytes, target: TARGET }, null, 2)}\n`)
  console.log(`Results in ${output}`)
}

await main()
