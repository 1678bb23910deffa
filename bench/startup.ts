import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Report } from '../src/index.ts'
import { formatP, mcnemarExact, tInterval } from '../src/metrics/index.ts'
import { buildPackage } from '../scripts/build.ts'
import { startFakeServer, type FakeServer } from '../test/support/openai-server.ts'
import { writeFixture, type Fixture } from './overhead/fixture.ts'
import type { RawLoopResult } from './overhead/raw-loop.ts'
import { runChild } from './overhead/run-child.ts'
import { runTimed, type TimedRun } from './startup/timed-tree.ts'

const REPO = fileURLToPath(new URL('..', import.meta.url))
const RESULTS = join(REPO, 'bench/results')
const WORK = join(RESULTS, 'work-startup')
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')
const RAW_LOOP = join(REPO, 'bench/overhead/raw-loop.ts')
const CONCURRENCY = 16

// `npm run bench:startup -- [rounds] [--before <dist folder>]`: 1 round for a quick look; --before runs a build of an
// earlier commit (its dist/, copied aside) as a fourth contestant in the same rounds, for a before/after on a shared machine
const USAGE = 'usage: npm run bench:startup -- [rounds ≥ 1] [--before <dist folder>]'
const beforeAt = process.argv.indexOf('--before')
const beforeDist = beforeAt === -1 ? undefined : process.argv[beforeAt + 1]
if (beforeAt !== -1 && beforeDist === undefined) throw new Error(USAGE)
const positional = process.argv.slice(2).filter((_, i) => beforeAt === -1 || (i + 2 !== beforeAt && i + 2 !== beforeAt + 1))
const rounds = Number(positional[0] ?? 5)
if (!Number.isInteger(rounds) || rounds < 1 || positional.length > 1)
  throw new Error(`${USAGE}; received ${process.argv.slice(2).join(' ')}`)

/** The three runs of the comparison: one sample (start-up), many samples at no latency (CPU), and the model's pace. */
const SCENARIOS = {
  startup: { samples: 1, latencyMs: 0 },
  cpu: { samples: 5000, latencyMs: 0 },
  wall: { samples: 1000, latencyMs: 50 },
} as const
type ScenarioName = keyof typeof SCENARIOS

const TARGETS = { startupMs: 100, startupMib: 25, cpuRatio: 1.1, wallRatio: 1 }

// the one-sample run lasts under a second, and one run of it moves by 100 ms and more on a shared machine: each round
// runs it this many times for each contestant, interleaved, and keeps the median of each figure
const STARTUP_RUNS = 5

/**
 * Plain Vitest doing what a benchmark does, one trivial test per sample: each test asks the endpoint with the `openai`
 * SDK and compares the reply with the target, `concurrency` at a time, as the benchmark's samples run.
 */
function plainTestFile(): string {
  return `import { readFileSync } from 'node:fs'
import OpenAI from 'openai'
import { describe, expect, test } from 'vitest'

const records = readFileSync(new URL('../data.jsonl', import.meta.url), 'utf8')
  .split('\\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line))
const client = new OpenAI({ apiKey: 'x', baseURL: process.env.OPENAI_BASE_URL, maxRetries: 0 })

describe.concurrent('samples', () => {
  for (const record of records) {
    test(record.id, async () => {
      const completion = await client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content: record.input }] })
      expect(completion.choices[0]?.message.content).toBe(record.target)
    })
  }
})
`
}

// beside the benchmark's project, with its data file: Vitest as it runs by default (forked workers), or in worker
// threads, the pool the plugin gives eval files
async function writePlain(dir: string, fixture: Fixture, pool: 'forks' | 'threads'): Promise<string> {
  await mkdir(join(dir, 'test'), { recursive: true })
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-plain', private: true, type: 'module' })}\n`)
  await writeFile(
    join(dir, 'vitest.config.ts'),
    `import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({ test: { pool: '${pool}', maxConcurrency: ${CONCURRENCY} } })\n`,
  )
  await writeFile(join(dir, 'test/samples.test.ts'), plainTestFile())
  await writeFile(join(dir, 'data.jsonl'), await readFile(fixture.dataFile, 'utf8'))
  return dir
}

const ALL_CONTESTANTS = ['forks', 'threads', 'evalsuite', 'before'] as const
type Contestant = (typeof ALL_CONTESTANTS)[number]
const CONTESTANTS: readonly Contestant[] = ALL_CONTESTANTS.filter((c) => c !== 'before' || beforeDist !== undefined)
const isEvalsuite = (contestant: Contestant): boolean => contestant === 'evalsuite' || contestant === 'before'

function check(condition: boolean, message: string, run: TimedRun): void {
  if (!condition)
    throw new Error(`${message}\n--- stdout (tail)\n${run.stdout.slice(-3000)}\n--- stderr (tail)\n${run.stderr.slice(-3000)}`)
}

/**
 * Where a run's time went, from the requests' arrivals at the server: before the first (loading, collecting), from the
 * first to the last (the samples' calls), and after the last (the last reply, the end of the run, the report).
 */
interface RequestTimes {
  firstMs: number
  spanMs: number
  afterLastMs: number
}

// the server's clock of each request's arrival, read by runContestant
const arrivals: number[] = []

async function runContestant(contestant: Contestant, dir: string, samples: number, server: FakeServer): Promise<MeasuredRun> {
  const before = server.requestCount
  arrivals.length = 0
  const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'x', CI: 'true', NO_COLOR: '1', EVALSUITE_RECORDINGS: 'live' }
  const reportFile = join(dir, 'eval-reports/bench.json')
  if (isEvalsuite(contestant)) await rm(reportFile, { force: true })
  // the plugin runs eval files only when the command names them
  const args = isEvalsuite(contestant) ? [VITEST, 'run', 'evals'] : [VITEST, 'run']
  const spawned = performance.now()
  const run = await runTimed(process.execPath, args, { cwd: dir, env, scratch: join(dir, 'time.out') })
  const exited = performance.now()
  check(run.exitCode === 0, `${contestant}, ${samples} samples: vitest exited with ${run.exitCode}`, run)
  if (isEvalsuite(contestant)) {
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as Report
    check(report.counts.right === samples, `${contestant}, ${samples} samples: counts ${JSON.stringify(report.counts)}`, run)
  } else {
    check(run.stdout.includes(`${samples} passed`), `${contestant}, ${samples} samples: not every test passed`, run)
  }
  const requests = server.requestCount - before
  check(requests === samples, `${contestant}, ${samples} samples: the server saw ${requests} requests`, run)
  const [first, last] = [arrivals[0]!, arrivals.at(-1)!]
  return { ...run, requests: { firstMs: first - spawned, spanMs: last - first, afterLastMs: exited - last } }
}

// the benchmark's project again, with the earlier build in its node_modules
async function writeBefore(dir: string, fixture: Fixture, dist: string): Promise<string> {
  await cp(fixture.dir, dir, { recursive: true })
  const installed = join(dir, 'node_modules/evalsuite/dist')
  await rm(installed, { recursive: true, force: true })
  await cp(dist, installed, { recursive: true })
  return dir
}

async function runRawLoop(fixture: Fixture, server: FakeServer): Promise<number> {
  const args = ['--import', 'tsx', RAW_LOOP, fixture.dataFile, server.baseURL, String(CONCURRENCY)]
  const run = await runChild(process.execPath, args, { cwd: REPO, rssFile: join(fixture.dir, 'raw-time.out') })
  if (run.exitCode !== 0) throw new Error(`the raw loop exited with ${run.exitCode}\n${run.stderr.slice(-3000)}`)
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as RawLoopResult
  if (result.right !== fixture.samples) throw new Error(`the raw loop: ${result.right} of ${fixture.samples} replies matched`)
  return result.loopMs
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

type MeasuredRun = TimedRun & { requests: RequestTimes }
type Runs = Record<Contestant, MeasuredRun[]>

// the median of each part of the runs' time
function medianTimes(runs: readonly MeasuredRun[]): RequestTimes {
  const of = (key: keyof RequestTimes): number => median(runs.map((run) => run.requests[key]))
  return { firstMs: of('firstMs'), spanMs: of('spanMs'), afterLastMs: of('afterLastMs') }
}

// one contestant's runs of one round as one: the median of each figure
function medianRun(runs: readonly MeasuredRun[]): MeasuredRun {
  const of = (key: 'wallMs' | 'cpuMs' | 'peakTreeMib'): number => median(runs.map((run) => run[key]))
  return { ...runs[0]!, wallMs: of('wallMs'), cpuMs: of('cpuMs'), peakTreeMib: of('peakTreeMib'), requests: medianTimes(runs) }
}

async function main(): Promise<void> {
  console.log(
    `evalsuite start-up against plain Vitest: ${rounds} alternating rounds, medians (${availableParallelism()} CPUs, Node ${process.version}, concurrency ${CONCURRENCY})`,
  )
  await buildPackage()
  await rm(WORK, { recursive: true, force: true })
  const server = await startFakeServer({
    fault: () => {
      arrivals.push(performance.now())
      return undefined
    },
  })
  const measured = {} as Record<ScenarioName, Runs>
  const rawLoopMs: number[] = []
  try {
    const projects = {} as Record<ScenarioName, { fixture: Fixture } & Record<Contestant, string>>
    for (const [name, scenario] of Object.entries(SCENARIOS) as [ScenarioName, (typeof SCENARIOS)[ScenarioName]][]) {
      const fixture = await writeFixture(join(WORK, `evalsuite-${name}`), REPO, scenario.samples, CONCURRENCY, true)
      projects[name] = {
        fixture,
        evalsuite: fixture.dir,
        before: beforeDist === undefined ? '' : await writeBefore(join(WORK, `before-${name}`), fixture, beforeDist),
        forks: await writePlain(join(WORK, `forks-${name}`), fixture, 'forks'),
        threads: await writePlain(join(WORK, `threads-${name}`), fixture, 'threads'),
      }
      measured[name] = { forks: [], threads: [], evalsuite: [], before: [] }
    }
    for (let round = 1; round <= rounds; round++) {
      for (const [name, scenario] of Object.entries(SCENARIOS) as [ScenarioName, (typeof SCENARIOS)[ScenarioName]][]) {
        server.setLatency(scenario.latencyMs)
        // the order turns each round, so that none always runs first on a machine that is warming up or cooling down
        const order = CONTESTANTS.map((_, i) => CONTESTANTS[(i + round) % CONTESTANTS.length]!)
        const times = name === 'startup' ? STARTUP_RUNS : 1
        const runs = Object.fromEntries(CONTESTANTS.map((c) => [c, [] as MeasuredRun[]])) as Record<Contestant, MeasuredRun[]>
        for (let time = 0; time < times; time++)
          for (const contestant of order)
            runs[contestant].push(await runContestant(contestant, projects[name][contestant], scenario.samples, server))
        for (const contestant of order) measured[name][contestant].push(medianRun(runs[contestant]))
        if (name === 'wall') rawLoopMs.push(await runRawLoop(projects.wall.fixture, server))
        const line = CONTESTANTS.map((c) => {
          const run = measured[name][c].at(-1)!
          return `${c} ${Math.round(run.wallMs)} ms, CPU ${Math.round(run.cpuMs)} ms, ${Math.round(run.peakTreeMib)} MiB`
        })
        console.log(`  round ${round}, ${name} (${scenario.samples} × ${scenario.latencyMs} ms): ${line.join('; ')}`)
      }
    }
  } finally {
    await server.close()
    await rm(WORK, { recursive: true, force: true })
  }
  const of = (name: ScenarioName, contestant: Contestant, key: 'wallMs' | 'cpuMs' | 'peakTreeMib'): number =>
    median(measured[name][contestant].map((run) => run[key]))
  // paired within each round, then the median: the rounds share the machine's load of their moment
  const paired = (
    name: ScenarioName,
    subject: Contestant,
    baseline: Contestant,
    key: 'wallMs' | 'cpuMs' | 'peakTreeMib',
    combine: (a: number, b: number) => number,
  ): number => median(measured[name][subject].map((run, i) => combine(run[key], measured[name][baseline][i]![key])))
  const minus = (a: number, b: number): number => a - b
  const over = (a: number, b: number): number => a / b
  const perSample = (contestant: Contestant): number =>
    (of('cpu', contestant, 'cpuMs') - of('startup', contestant, 'cpuMs')) / (SCENARIOS.cpu.samples - 1)
  // the target's figure: CPU beyond the first sample, paired within each round as the others are (a difference of two
  // medians swings with the one-sample run's noise)
  const beyondFirst = (contestant: Contestant, round: number): number =>
    measured.cpu[contestant][round]!.cpuMs - measured.startup[contestant][round]!.cpuMs
  const pairedPerSample = (subject: Contestant, baseline: Contestant): number =>
    median(measured.cpu[subject].map((_, round) => beyondFirst(subject, round) / beyondFirst(baseline, round)))
  const against = (subject: Contestant, baseline: Contestant) => {
    const wallRounds = measured.wall[subject].map((run, i) => over(run.wallMs, measured.wall[baseline][i]!.wallMs))
    return {
      startupMs: paired('startup', subject, baseline, 'wallMs', minus),
      startupCpuMs: paired('startup', subject, baseline, 'cpuMs', minus),
      startupMib: paired('startup', subject, baseline, 'peakTreeMib', minus),
      cpuRatio: paired('cpu', subject, baseline, 'cpuMs', over),
      cpuPerSampleRatio: pairedPerSample(subject, baseline),
      wallRatio: median(wallRounds),
      // each round's ratio, kept so that the rounds of several runs can be read together
      wallRounds,
    }
  }
  // the wall run's parts, paired within each round: where evalsuite's time beyond plain Vitest's goes
  const wallParts = (subject: Contestant, baseline: Contestant) => {
    const pairs = measured.wall[subject].map((run, i) => [run.requests, measured.wall[baseline][i]!.requests] as const)
    return {
      firstMs: median(pairs.map(([a, b]) => a.firstMs - b.firstMs)),
      spanRatio: median(pairs.map(([a, b]) => a.spanMs / b.spanMs)),
      afterLastMs: median(pairs.map(([a, b]) => a.afterLastMs - b.afterLastMs)),
    }
  }
  const subjects = CONTESTANTS.filter(isEvalsuite)
  const comparisons = Object.fromEntries(
    subjects.map((subject) => [subject, { threads: against(subject, 'threads'), forks: against(subject, 'forks') }]),
  )
  const rawLoop = median(rawLoopMs)
  const TITLES: Record<Contestant, string> = {
    forks: 'plain Vitest (forks)',
    threads: 'plain Vitest (threads)',
    evalsuite: 'evalsuite',
    before: 'evalsuite (before)',
  }
  const row = (label: string, cell: (c: Contestant) => string): void =>
    console.log(`  ${label.padEnd(31)}${CONTESTANTS.map((c) => cell(c).padEnd(TITLES[c].length + 3)).join('')}`)
  console.log('')
  row('scenario', (c) => TITLES[c])
  row('start-up (1 sample): wall', (c) => `${Math.round(of('startup', c, 'wallMs'))} ms`)
  row('start-up (1 sample): CPU', (c) => `${Math.round(of('startup', c, 'cpuMs'))} ms`)
  row('start-up (1 sample): peak RSS', (c) => `${Math.round(of('startup', c, 'peakTreeMib'))} MiB`)
  row('5,000 × 0 ms: CPU', (c) => `${Math.round(of('cpu', c, 'cpuMs'))} ms`)
  row('CPU per sample (beyond 1)', (c) => `${(perSample(c) * 1000).toFixed(0)} µs`)
  row('1,000 × 50 ms: wall', (c) => `${Math.round(of('wall', c, 'wallMs'))} ms`)
  row('1,000 × 50 ms: CPU', (c) => `${Math.round(of('wall', c, 'cpuMs'))} ms`)
  row('1,000 × 50 ms: ÷ raw SDK loop', (c) => `×${(of('wall', c, 'wallMs') / rawLoop).toFixed(3)}`)
  const phase = (c: Contestant, key: keyof RequestTimes): number => medianTimes(measured.wall[c])[key]
  row('  up to the first request', (c) => `${Math.round(phase(c, 'firstMs'))} ms`)
  row('  first to last request', (c) => `${Math.round(phase(c, 'spanMs'))} ms`)
  row('  last request to exit', (c) => `${Math.round(phase(c, 'afterLastMs'))} ms`)
  const verdict = (met: boolean): string => (met ? 'ok' : 'MISSED')
  console.log(`\n  raw SDK loop (1,000 × 50 ms, in process): ${Math.round(rawLoop)} ms`)
  for (const subject of subjects) {
    // the targets hold against the same pool: the plugin runs eval files in worker threads unless the config chose one
    const { threads, forks } = comparisons[subject]!
    const startupMet = threads.startupMs <= TARGETS.startupMs && threads.startupMib <= TARGETS.startupMib
    console.log(
      `  ${TITLES[subject]} against plain Vitest in worker threads, the pool it runs eval files in: start-up ${sign(threads.startupMs)} ms (CPU ${sign(threads.startupCpuMs)} ms) and ${sign(threads.startupMib)} MiB (target +${TARGETS.startupMs} ms, +${TARGETS.startupMib} MiB) ${verdict(startupMet)}; ` +
        `CPU per sample ×${threads.cpuPerSampleRatio.toFixed(3)} (target ×${TARGETS.cpuRatio}) ${verdict(threads.cpuPerSampleRatio <= TARGETS.cpuRatio)}, the whole 5,000-sample run ×${threads.cpuRatio.toFixed(3)}; ` +
        `1,000 × 50 ms wall ×${threads.wallRatio.toFixed(3)} (target ≤ ×${TARGETS.wallRatio}) ${wallVerdict(threads.wallRounds)}`,
    )
    const parts = wallParts(subject, 'threads')
    console.log(
      `    its 1,000 × 50 ms run against the same: the first request ${sign(parts.firstMs)} ms, the requests from first to last ×${parts.spanRatio.toFixed(3)}, from the last request to the exit ${sign(parts.afterLastMs)} ms`,
    )
    console.log(
      `  ${TITLES[subject]} against plain Vitest as it runs by default (forks): start-up ${sign(forks.startupMs)} ms (CPU ${sign(forks.startupCpuMs)} ms) and ${sign(forks.startupMib)} MiB; CPU per sample ×${forks.cpuPerSampleRatio.toFixed(3)}, the whole 5,000-sample run ×${forks.cpuRatio.toFixed(3)}; ` +
        `1,000 × 50 ms wall ×${forks.wallRatio.toFixed(3)}`,
    )
  }
  console.log(
    '\nWall: whole vitest processes. CPU: user and system time of vitest and its workers (GNU time). Peak RSS: the largest sum over the process tree, sampled every 10 ms.',
  )
  await mkdir(RESULTS, { recursive: true })
  const output = join(RESULTS, 'startup.json')
  const medians = Object.fromEntries(
    (Object.keys(SCENARIOS) as ScenarioName[]).map((name) => [
      name,
      Object.fromEntries(
        CONTESTANTS.map((c) => [
          c,
          {
            wallMs: of(name, c, 'wallMs'),
            cpuMs: of(name, c, 'cpuMs'),
            peakTreeMib: of(name, c, 'peakTreeMib'),
            requests: medianTimes(measured[name][c]),
          },
        ]),
      ),
    ]),
  )
  await writeFile(
    output,
    `${JSON.stringify({ createdAt: new Date().toISOString(), node: process.version, cpus: availableParallelism(), rounds, medians, rawLoopMs: rawLoop, comparisons, targets: TARGETS }, null, 2)}\n`,
  )
  console.log(`Results in ${output}`)
}

// how much slower than plain Vitest the rounds may leave room for while still reading as "at" its wall: one round
// moves by 1 to 2% on a shared machine
const WALL_MARGIN = 0.01

/**
 * The wall target read from the rounds' ratios as a whole. A round moves by as much as the difference at stake, so
 * the median alone falls either side of ×1 by chance when the two run alike. The target is met below plain Vitest
 * (the 95% interval of the rounds' mean ratio lies under ×1) or at it (the interval holds ×1 and reaches no more than
 * 1% above); an interval wider than that asks for more rounds; one above ×1 misses.
 */
function wallVerdict(ratios: readonly number[]): string {
  const target = TARGETS.wallRatio
  const interval = tInterval(ratios)
  if (interval === null) return median(ratios) <= target ? 'ok' : 'MISSED'
  const slower = ratios.filter((ratio) => ratio > target).length
  const faster = ratios.filter((ratio) => ratio < target).length
  const spread =
    `mean ×${((interval.lower + interval.upper) / 2).toFixed(3)}, 95% interval ×${interval.lower.toFixed(3)} to ` +
    `×${interval.upper.toFixed(3)}; slower in ${slower} of ${ratios.length} rounds, sign test ${formatP(mcnemarExact(slower, faster))}`
  if (interval.upper < target) return `ok, below plain Vitest's (${spread})`
  if (interval.lower > target) return `MISSED, above plain Vitest's (${spread})`
  if (interval.upper <= target + WALL_MARGIN) return `ok, at plain Vitest's (${spread})`
  return `UNDECIDED, more rounds needed to tell (${spread})`
}

function sign(value: number): string {
  return `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value))}`
}

await main()
