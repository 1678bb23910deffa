import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Report } from '../src/index.ts'
import { startFakeServer, type Fault } from '../test/support/openai-server.ts'
import { runChild } from './overhead/run-child.ts'

// Transient faults at the defaults. `flaky`: 20 runs of 1,000 samples, each a benchmark with a
// models.openai of its own at every default, against a local endpoint that answers 15% of calls, at random, with
// 429, 500, 503 or 529 (no Retry-After); target: no errored sample in any run. `dead`: 1,000 samples against an
// endpoint that answers every call with 500, and against a closed port (connection refused), every setting at its
// default; how long `vitest run` takes to end. `-- --runs 5` for fewer runs while developing.

const REPO = fileURLToPath(new URL('..', import.meta.url))
const WORK = join(REPO, 'bench/results/work/faults')
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')
const FAULT_RATE = 0.15
const STATUSES = [429, 500, 503, 529]
const SAMPLES = 1000

const option = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(process.argv[at + 1])
}
const RUNS = option('runs', 20)
// a run takes about 40 s on a shared 2-CPU machine, mostly waiting out backoffs: four `vitest run` processes side by
// side, five runs after another in each, keep the bench to a few minutes
const PROCESSES = option('processes', 4)
const only = process.argv.slice(2).filter((arg) => arg === 'flaky' || arg === 'dead')

// a seeded generator, so that every round of the bench meets the same faults in the same order of arrival
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Writes a project with one eval file, its benchmarks run one after another. */
async function writeProject(dir: string, benchmarks: string[]): Promise<void> {
  await mkdir(join(dir, 'evals'), { recursive: true })
  const from = (path: string): string => relative(dir, join(REPO, path)).split('\\').join('/')
  await writeFile(
    join(dir, 'vitest.config.ts'),
    `import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { evalsuite } from '${from('src/plugin.ts')}'

export default defineConfig({
  resolve: { alias: [{ find: /^evalsuite$/, replacement: fileURLToPath(new URL('${from('src/index.ts')}', import.meta.url)) }] },
  plugins: [evalsuite({ recordings: { mode: 'live' } })],
})
`,
  )
  const declared = benchmarks.map(
    (name) => `describeBenchmark('${name}', {
  dataset: Array.from({ length: ${SAMPLES} }, (_, i) => ({ id: \`s\${i + 1}\`, input: \`Reply with: \${i + 1}\`, target: String(i + 1) })),
  model: models.openai({ model: 'fake-model' }),
})
`,
  )
  await writeFile(join(dir, 'evals/faults.eval.ts'), `import { describeBenchmark, models } from 'evalsuite'\n\n${declared.join('\n')}`)
}

const readReport = async (dir: string, name: string): Promise<Report> =>
  JSON.parse(await readFile(join(dir, `eval-reports/${name}.json`), 'utf8')) as Report

async function flaky(): Promise<{ errored: number[]; ok: boolean }> {
  const names = Array.from({ length: RUNS }, (_, i) => `run-${String(i + 1).padStart(2, '0')}`)
  const random = mulberry32(36)
  const server = await startFakeServer({
    fault: (): Fault | undefined =>
      random() < FAULT_RATE ? { kind: 'status', status: STATUSES[Math.floor(random() * STATUSES.length)]! } : undefined,
  })
  try {
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'x', CI: 'true', NO_COLOR: '1' }
    const started = performance.now()
    const shares = Array.from({ length: PROCESSES }, (_, child) => names.filter((_, index) => index % PROCESSES === child)).filter(
      (share) => share.length > 0,
    )
    const reports = await Promise.all(
      shares.map(async (share, child) => {
        const dir = join(WORK, `flaky-${child + 1}`)
        await writeProject(dir, share)
        const run = await runChild(process.execPath, [VITEST, 'run', 'evals'], { cwd: dir, env, rssFile: join(dir, 'time.out') })
        if (run.exitCode !== 0 && run.exitCode !== 1) throw new Error(`vitest exited with ${run.exitCode}:\n${run.stderr.slice(-3000)}`)
        return Promise.all(share.map(async (name) => [name, await readReport(dir, name)] as const))
      }),
    )
    const byName = new Map(reports.flat())
    const errored: number[] = []
    for (const name of names) {
      const report = byName.get(name)!
      errored.push(report.counts.errored)
      const first = report.samples.find((sample) => sample.error !== undefined)?.error
      console.log(
        `  ${name}: ${report.counts.right} right, ${report.counts.errored} errored, ${((report.durationMs ?? 0) / 1000).toFixed(1)} s${first ? `; ${first}` : ''}`,
      )
    }
    const ok = errored.every((count) => count === 0) && errored.length === RUNS
    const calls = server.requestCount
    console.log(
      `flaky: ${RUNS} runs × ${SAMPLES} samples, ${calls} calls (${(calls / (RUNS * SAMPLES)).toFixed(3)} a sample); errored per run: ${errored.join(' ')}; ` +
        `runs with an errored sample: ${errored.filter((count) => count > 0).length} of ${RUNS}; ${((performance.now() - started) / 1000).toFixed(1)} s: ${ok ? 'met' : 'MISSED'}`,
    )
    return { errored, ok }
  } finally {
    await server.close()
  }
}

async function dead(kind: 'status 500' | 'connection refused'): Promise<{ seconds: number; ok: boolean }> {
  const dir = join(WORK, kind.replace(' ', '-'))
  await writeProject(dir, ['dead'])
  const server = await startFakeServer({ fault: () => ({ kind: 'status', status: 500 }) })
  if (kind === 'connection refused') await server.close()
  try {
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'x', CI: 'true', NO_COLOR: '1' }
    const child = await runChild(process.execPath, [VITEST, 'run', 'evals'], { cwd: dir, env, rssFile: join(dir, 'time.out') })
    const report = await readReport(dir, 'dead')
    const seconds = child.processMs / 1000
    const ok = report.counts.errored === SAMPLES && seconds < 300
    console.log(
      `dead (${kind}): ${report.counts.errored} of ${SAMPLES} errored, ${kind === 'status 500' ? server.requestCount : 'no'} requests answered; ` +
        `vitest run took ${seconds.toFixed(1)} s (target < 300 s): ${ok ? 'met' : 'MISSED'}\n  first error: ${report.samples[0]?.error}`,
    )
    return { seconds, ok }
  } finally {
    await server.close()
  }
}

console.log(`transient faults at the defaults (${availableParallelism()} CPUs, Node ${process.version})`)
let met = true
try {
  if (only.length === 0 || only.includes('flaky')) met = (await flaky()).ok && met
  if (only.length === 0 || only.includes('dead')) {
    // side by side: each waits out its retries, neither is busy
    const results = await Promise.all([dead('status 500'), dead('connection refused')])
    met = results.every((result) => result.ok) && met
  }
} finally {
  await rm(WORK, { recursive: true, force: true })
}
process.exitCode = met ? 0 : 1
