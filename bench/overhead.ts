import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Report } from '../src/index.ts'
import { startFakeServer, type FakeServer } from '../test/support/openai-server.ts'
import { writeFixture, type Fixture } from './overhead/fixture.ts'
import type { RawLoopResult } from './overhead/raw-loop.ts'
import { runChild, type ChildRun } from './overhead/run-child.ts'
import { wholeNumberFlag } from './before-after/flags.ts'

const REPO = fileURLToPath(new URL('..', import.meta.url))
const RESULTS = join(REPO, 'bench/results')
const WORK = join(RESULTS, 'work')
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')
const RAW_LOOP = join(REPO, 'bench/overhead/raw-loop.ts')
// `npm run bench -- [A|B] [--rounds N]`: three rounds unless asked otherwise (bench/before-after.ts asks for fewer)
const { value: REPEATS, rest: ONLY } = wholeNumberFlag(process.argv.slice(2), 'rounds', 3)
const CONCURRENCY = 16

interface Scenario {
  name: string
  samples: number
  latencyMs: number
  /** Ceiling for the headline ratio, eval phase ÷ raw loop. */
  target: number
}

const SCENARIOS: Scenario[] = [
  { name: 'A', samples: 1000, latencyMs: 50, target: 1.15 },
  { name: 'B', samples: 5000, latencyMs: 0, target: 1.5 },
]

interface Round {
  rawLoopMs: number
  rawProcessMs: number
  rawPeakRssMb: number | null
  evalPhaseMs: number
  vitestProcessMs: number
  vitestPeakRssMb: number | null
  ratio: number
  processRatio: number
}

interface ScenarioResult extends Scenario {
  concurrency: number
  /** ceil(samples / concurrency) × latency: what the model alone costs at this concurrency. */
  modelFloorMs: number
  rounds: Round[]
  median: Omit<Round, 'rawPeakRssMb' | 'vitestPeakRssMb'> & { vitestPeakRssMb: number | null }
  metTarget: boolean
}

function check(condition: boolean, message: string, run?: ChildRun): asserts condition {
  if (condition) return
  const output = run ? `\n--- stdout (tail)\n${run.stdout.slice(-3000)}\n--- stderr (tail)\n${run.stderr.slice(-3000)}` : ''
  throw new Error(`${message}${output}`)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

async function runRawLoop(server: FakeServer, fixture: Fixture) {
  const before = server.requestCount
  const args = ['--import', 'tsx', RAW_LOOP, fixture.dataFile, server.baseURL, String(CONCURRENCY)]
  const run = await runChild(process.execPath, args, { cwd: REPO, rssFile: join(fixture.dir, 'time.out') })
  check(run.exitCode === 0, `raw loop exited with ${run.exitCode}`, run)
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as RawLoopResult
  check(result.right === fixture.samples, `raw loop: ${result.right} of ${fixture.samples} replies matched`, run)
  check(server.requestCount - before === fixture.samples, `raw loop sent ${server.requestCount - before} requests`, run)
  return { loopMs: result.loopMs, processMs: run.processMs, peakRssMb: run.peakRssMb }
}

async function runEvalsuite(server: FakeServer, fixture: Fixture) {
  await rm(fixture.reportFile, { force: true })
  const before = server.requestCount
  const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'x', CI: 'true', NO_COLOR: '1' }
  const run = await runChild(process.execPath, [VITEST, 'run', 'evals'], { cwd: fixture.dir, env, rssFile: join(fixture.dir, 'time.out') })
  check(run.exitCode === 0, `vitest exited with ${run.exitCode}`, run)
  const report = JSON.parse(await readFile(fixture.reportFile, 'utf8')) as Report
  check(report.counts.right === fixture.samples, `evalsuite: counts ${JSON.stringify(report.counts)}`, run)
  check(server.requestCount - before === fixture.samples, `evalsuite sent ${server.requestCount - before} requests`, run)
  check(report.durationMs !== null, 'evalsuite: the report has no durationMs', run)
  return { evalPhaseMs: report.durationMs, processMs: run.processMs, peakRssMb: run.peakRssMb }
}

async function runScenario(scenario: Scenario): Promise<ScenarioResult> {
  const fixture = await writeFixture(join(WORK, scenario.name), REPO, scenario.samples, CONCURRENCY)
  const server = await startFakeServer({ latencyMs: scenario.latencyMs })
  const rounds: Round[] = []
  try {
    for (let i = 1; i <= REPEATS; i++) {
      const raw = await runRawLoop(server, fixture)
      const evals = await runEvalsuite(server, fixture)
      const round: Round = {
        rawLoopMs: raw.loopMs,
        rawProcessMs: raw.processMs,
        rawPeakRssMb: raw.peakRssMb,
        evalPhaseMs: evals.evalPhaseMs,
        vitestProcessMs: evals.processMs,
        vitestPeakRssMb: evals.peakRssMb,
        ratio: evals.evalPhaseMs / raw.loopMs,
        processRatio: evals.processMs / raw.processMs,
      }
      rounds.push(round)
      console.log(
        `  ${scenario.name} round ${i}: raw loop ${ms(round.rawLoopMs)}, eval phase ${ms(round.evalPhaseMs)} (×${round.ratio.toFixed(3)}); ` +
          `processes ${ms(round.rawProcessMs)} vs ${ms(round.vitestProcessMs)} (×${round.processRatio.toFixed(2)})`,
      )
    }
  } finally {
    await server.close()
  }
  const of = (key: keyof Round): number[] => rounds.flatMap((round) => (round[key] === null ? [] : [round[key]]))
  const rss = of('vitestPeakRssMb')
  const ratio = median(of('ratio'))
  return {
    ...scenario,
    concurrency: CONCURRENCY,
    modelFloorMs: Math.ceil(scenario.samples / CONCURRENCY) * scenario.latencyMs,
    rounds,
    median: {
      rawLoopMs: median(of('rawLoopMs')),
      rawProcessMs: median(of('rawProcessMs')),
      evalPhaseMs: median(of('evalPhaseMs')),
      vitestProcessMs: median(of('vitestProcessMs')),
      vitestPeakRssMb: rss.length === 0 ? null : median(rss),
      ratio,
      processRatio: median(of('processRatio')),
    },
    metTarget: ratio <= scenario.target,
  }
}

function ms(value: number): string {
  return `${Math.round(value)} ms`
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')).join('\n')
}

function render(results: ScenarioResult[]): string {
  const header = [
    'scenario',
    'model floor',
    'raw loop',
    'eval phase',
    'ratio',
    'target',
    '',
    'raw process',
    'vitest process',
    'ratio',
    'vitest peak RSS',
  ]
  const rows = results.map((r) => [
    `${r.name}: ${r.samples} × ${r.latencyMs} ms, c=${r.concurrency}`,
    ms(r.modelFloorMs),
    ms(r.median.rawLoopMs),
    ms(r.median.evalPhaseMs),
    `×${r.median.ratio.toFixed(3)}`,
    `≤ ${r.target}`,
    r.metTarget ? 'ok' : 'MISSED',
    ms(r.median.rawProcessMs),
    ms(r.median.vitestProcessMs),
    `×${r.median.processRatio.toFixed(2)}`,
    r.median.vitestPeakRssMb === null ? 'n/a' : `${Math.round(r.median.vitestPeakRssMb)} MB`,
  ])
  return table([header, ...rows])
}

async function main(): Promise<void> {
  const only = ONLY
  const selected = only.length === 0 ? SCENARIOS : SCENARIOS.filter((scenario) => only.includes(scenario.name))
  check(selected.length > 0, `no scenario named ${only.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`)
  console.log(
    `evalsuite overhead: ${REPEATS} alternating rounds per scenario, medians below (${availableParallelism()} CPUs, Node ${process.version})`,
  )
  const results: ScenarioResult[] = []
  try {
    for (const scenario of selected) results.push(await runScenario(scenario))
  } finally {
    await rm(WORK, { recursive: true, force: true })
  }
  console.log(`\n${render(results)}\n`)
  console.log('ratio = eval phase (report.durationMs) ÷ raw loop, median over rounds; process columns are whole child-process wall times.')
  await mkdir(RESULTS, { recursive: true })
  const output = join(RESULTS, 'overhead.json')
  const json = {
    createdAt: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    repeats: REPEATS,
    scenarios: results,
  }
  await writeFile(output, `${JSON.stringify(json, null, 2)}\n`)
  console.log(`Results in ${output}`)
}

await main()
