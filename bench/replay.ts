import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Report } from '../src/index.ts'
import { buildPackage } from '../scripts/build.ts'
import { startFakeServer, type FakeServer } from '../test/support/openai-server.ts'
import { writeFixture, type Fixture } from './overhead/fixture.ts'
import { trivialTestFile } from './overhead/test-files.ts'
import { runChild, type ChildRun } from './overhead/run-child.ts'
import { wholeNumberFlag } from './before-after/flags.ts'

const REPO = fileURLToPath(new URL('..', import.meta.url))
const RESULTS = join(REPO, 'bench/results')
const WORK = join(RESULTS, 'work-replay')
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')
// `npm run bench:replay -- [--rounds N] [--samples N]`: five rounds of 5,000 replayed samples unless asked otherwise
// (bench/before-after.ts asks for fewer)
const ROUNDS = wholeNumberFlag(process.argv.slice(2), 'rounds', 5).value
const REPLAYED = wholeNumberFlag(process.argv.slice(2), 'samples', 5000, 10).value
const CONCURRENCY = 16

/** Replay: a replayed benchmark against plain Vitest. Recording: recording against calling only. */
const REPLAY = { samples: REPLAYED, target: 1.3 }
const RECORDING = { samples: 1000, latencyMs: 50, target: 1.1 }

function check(condition: boolean, message: string, run?: ChildRun): asserts condition {
  if (condition) return
  const output = run ? `\n--- stdout (tail)\n${run.stdout.slice(-3000)}\n--- stderr (tail)\n${run.stderr.slice(-3000)}` : ''
  throw new Error(`${message}${output}`)
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const ms = (value: number): string => `${Math.round(value)} ms`

/** A project of plain Vitest tests, each as trivial as a test gets: the baseline a replayed benchmark is held to. */
async function writeTrivialProject(dir: string, tests: number): Promise<void> {
  await mkdir(join(dir, 'test'), { recursive: true })
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-trivial', private: true, type: 'module' })}\n`)
  await writeFile(join(dir, 'vitest.config.ts'), `import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({})\n`)
  await writeFile(join(dir, 'test/trivial.test.ts'), trivialTestFile(tests))
}

interface Timing {
  processMs: number
  /** CPU time of the process and its workers; null without GNU time. */
  cpuMs: number | null
}

async function runEvals(
  fixture: Fixture,
  mode: 'live' | 'record' | 'replay',
  server?: FakeServer,
): Promise<Timing & { evalPhaseMs: number }> {
  await rm(fixture.reportFile, { force: true })
  const before = server?.requestCount ?? 0
  // a replayed run gets no endpoint at all: a call it tried to make would fail its sample
  const endpoint: Record<string, string> = server ? { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'x' } : {}
  const env = { ...endpoint, EVALSUITE_RECORDINGS: mode, CI: 'true', NO_COLOR: '1' }
  const run = await runChild(process.execPath, [VITEST, 'run', 'evals'], { cwd: fixture.dir, env, rssFile: join(fixture.dir, 'time.out') })
  check(run.exitCode === 0, `${mode} run exited with ${run.exitCode}`, run)
  const report = JSON.parse(await readFile(fixture.reportFile, 'utf8')) as Report
  check(report.counts.right === fixture.samples, `${mode} run: counts ${JSON.stringify(report.counts)}`, run)
  const requests = (server?.requestCount ?? 0) - before
  check(requests === (mode === 'replay' ? 0 : fixture.samples), `${mode} run sent ${requests} requests`, run)
  check(report.durationMs !== null, `${mode} run: the report has no durationMs`, run)
  return { processMs: run.processMs, cpuMs: run.cpuMs, evalPhaseMs: report.durationMs }
}

async function runTrivial(dir: string, tests: number): Promise<Timing> {
  const run = await runChild(process.execPath, [VITEST, 'run'], {
    cwd: dir,
    env: { CI: 'true', NO_COLOR: '1' },
    rssFile: join(dir, 'time.out'),
  })
  check(run.exitCode === 0 && run.stdout.includes(`${tests} passed`), `the trivial run exited with ${run.exitCode}`, run)
  return { processMs: run.processMs, cpuMs: run.cpuMs }
}

const cpuRatio = (a: Timing, b: Timing): number | null => (a.cpuMs === null || b.cpuMs === null ? null : a.cpuMs / b.cpuMs)
const medianOrNull = (values: (number | null)[]): number | null => (values.includes(null) ? null : median(values as number[]))

async function benchReplay() {
  const fixture = await writeFixture(join(WORK, 'replay'), REPO, REPLAY.samples, CONCURRENCY, true)
  const trivial = join(WORK, 'trivial')
  await writeTrivialProject(trivial, REPLAY.samples)
  const server = await startFakeServer()
  try {
    await runEvals(fixture, 'record', server)
  } finally {
    await server.close()
  }
  const rounds: { replayMs: number; trivialMs: number; ratio: number; cpuRatio: number | null }[] = []
  for (let i = 1; i <= ROUNDS; i++) {
    const trivialRun = await runTrivial(trivial, REPLAY.samples)
    const replayRun = await runEvals(fixture, 'replay')
    const round = {
      replayMs: replayRun.processMs,
      trivialMs: trivialRun.processMs,
      ratio: replayRun.processMs / trivialRun.processMs,
      cpuRatio: cpuRatio(replayRun, trivialRun),
    }
    rounds.push(round)
    const cpu = round.cpuRatio === null ? '' : `; CPU ×${round.cpuRatio.toFixed(3)}`
    console.log(
      `  replay round ${i}: ${REPLAY.samples} trivial tests ${ms(round.trivialMs)}, ${REPLAY.samples} replayed samples ${ms(round.replayMs)} (×${round.ratio.toFixed(3)}${cpu})`,
    )
  }
  const ratio = median(rounds.map((r) => r.ratio))
  return {
    ...REPLAY,
    rounds,
    trivialMs: median(rounds.map((r) => r.trivialMs)),
    replayMs: median(rounds.map((r) => r.replayMs)),
    ratio,
    cpuRatio: medianOrNull(rounds.map((r) => r.cpuRatio)),
    metTarget: ratio <= REPLAY.target,
  }
}

async function benchRecording() {
  const fixture = await writeFixture(join(WORK, 'recording'), REPO, RECORDING.samples, CONCURRENCY, true)
  const recordings = join(fixture.dir, 'evals/__recordings__')
  const server = await startFakeServer({ latencyMs: RECORDING.latencyMs })
  const rounds: {
    liveMs: number
    recordMs: number
    ratio: number
    liveProcessMs: number
    recordProcessMs: number
    cpuRatio: number | null
  }[] = []
  try {
    for (let i = 1; i <= ROUNDS; i++) {
      const live = await runEvals(fixture, 'live', server)
      await rm(recordings, { recursive: true, force: true })
      const record = await runEvals(fixture, 'record', server)
      const lines = (await readFile(join(recordings, 'bench.jsonl'), 'utf8')).trim().split('\n')
      check(lines.length === RECORDING.samples, `the record run kept ${lines.length} replies`)
      const round = {
        liveMs: live.evalPhaseMs,
        recordMs: record.evalPhaseMs,
        ratio: record.evalPhaseMs / live.evalPhaseMs,
        liveProcessMs: live.processMs,
        recordProcessMs: record.processMs,
        cpuRatio: cpuRatio(record, live),
      }
      rounds.push(round)
      console.log(
        `  recording round ${i}: live ${ms(round.liveMs)}, record ${ms(round.recordMs)} (×${round.ratio.toFixed(3)}); processes ${ms(round.liveProcessMs)} vs ${ms(round.recordProcessMs)}`,
      )
    }
  } finally {
    await server.close()
  }
  const ratio = median(rounds.map((r) => r.ratio))
  return {
    ...RECORDING,
    concurrency: CONCURRENCY,
    rounds,
    liveMs: median(rounds.map((r) => r.liveMs)),
    recordMs: median(rounds.map((r) => r.recordMs)),
    processRatio: median(rounds.map((r) => r.recordProcessMs / r.liveProcessMs)),
    cpuRatio: medianOrNull(rounds.map((r) => r.cpuRatio)),
    ratio,
    metTarget: ratio <= RECORDING.target,
  }
}

async function main(): Promise<void> {
  console.log(
    `evalsuite replay and recording: ${ROUNDS} alternating rounds each, medians below (${availableParallelism()} CPUs, Node ${process.version})`,
  )
  // the projects use the built package from their own node_modules, as an installed user does
  await buildPackage()
  let replay: Awaited<ReturnType<typeof benchReplay>>
  let recording: Awaited<ReturnType<typeof benchRecording>>
  try {
    replay = await benchReplay()
    recording = await benchRecording()
  } finally {
    await rm(WORK, { recursive: true, force: true })
  }
  const verdict = (met: boolean): string => (met ? 'ok' : 'MISSED')
  const cpu = (ratio: number | null): string => (ratio === null ? '' : `; CPU time ×${ratio.toFixed(3)}`)
  console.log(
    `\n  replay:    ${replay.samples} replayed samples ${ms(replay.replayMs)} ÷ ${replay.samples} trivial Vitest tests ${ms(replay.trivialMs)} = ×${replay.ratio.toFixed(3)} (target ≤ ${replay.target}) ${verdict(replay.metTarget)}${cpu(replay.cpuRatio)}`,
  )
  console.log(
    `  recording: record ${ms(recording.recordMs)} ÷ live ${ms(recording.liveMs)} = ×${recording.ratio.toFixed(3)} (target ≤ ${recording.target}) ${verdict(recording.metTarget)}; ` +
      `${recording.samples} samples × ${recording.latencyMs} ms, c=${recording.concurrency}; whole processes ×${recording.processRatio.toFixed(3)}${cpu(recording.cpuRatio)}\n`,
  )
  console.log('replay: whole vitest processes; recording: eval phase (report.durationMs), from the first call to the last score.')
  console.log('CPU time: user and system time of the vitest process and its workers (GNU time), steadier than wall time on a busy machine.')
  await mkdir(RESULTS, { recursive: true })
  const output = join(RESULTS, 'replay.json')
  await writeFile(
    output,
    `${JSON.stringify({ createdAt: new Date().toISOString(), node: process.version, cpus: availableParallelism(), rounds: ROUNDS, replay, recording }, null, 2)}\n`,
  )
  console.log(`Results in ${output}`)
}

await main()
