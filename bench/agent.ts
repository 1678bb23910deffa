// npm run bench:agent [-- --quick] [--replay-only | --live-only] [--samples N[,M]] [--rounds N] [--keep]: what the tool
// loop costs. Each comparison runs its sides in the same run, in turn each round (the live loops alternating which goes
// first), and reports the median of the per-round ratios with their spread, in wall time and in CPU time (which holds
// on a machine other work shares), with the load average.
// 1. Replay: 1,000 samples of 3 tool steps, replayed by Vitest from recordings, against the same samples replayed as
//    one model call each; per sample, over the samples' run (target: at most 1.5x). A third side, the same agent whose
//    model answers at once (one step, the tools offered), splits the difference into the tool loop's cost a sample and
//    its cost a step.
// 2. Live: evalsuite's loop (models.openai, its tool loop) against a raw loop over the openai SDK, both calling a
//    local server, in a process of its own, that answers each call after 50 ms (target: at most 1.05x).
import { fork, type ChildProcess } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import OpenAI from 'openai'
import pLimit from 'p-limit'
import { z } from 'zod'
import { buildPackage } from '../scripts/build.ts'
import { startFakeServer } from '../test/support/openai-server.ts'
import { agentCalls, agentReply, rawAgent } from './agent-script.ts'
import { bundledLayer, type Layer } from './bundled-layer.ts'
import { wholeNumberFlag } from './before-after/flags.ts'
import { writeFixture } from './overhead/fixture.ts'
import { runChild } from './overhead/run-child.ts'

const REPO = fileURLToPath(new URL('..', import.meta.url))
const WORK = join(REPO, 'bench/results/work-agent')
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')
const QUICK = process.argv.includes('--quick')
const samplesFlag = process.argv.indexOf('--samples')
// --samples N replays another number of samples; with two sizes (--samples 1000,3000), the cost of each sample beyond
// the first N as well: what the run's fixed costs (loading, code warming up) leave out of the figure a sample
const SIZES = samplesFlag > 0 ? (process.argv[samplesFlag + 1] ?? '').split(',').map(Number) : [QUICK ? 200 : 1000]
if (!SIZES.every((size) => Number.isInteger(size) && size > 0) || SIZES.length > 2)
  throw new Error(`--samples takes one or two sample counts, such as 1000 or 1000,3000; received ${process.argv[samplesFlag + 1]}`)
// --rounds N replays each side N times (five, or two with --quick): on a shared machine single rounds spread widely
const ROUNDS = wholeNumberFlag(process.argv.slice(2), 'rounds', QUICK ? 2 : 5).value
const LIVE_ROUNDS = QUICK ? 3 : 7
const LIVE_SAMPLES = QUICK ? 32 : 96
const CALL_MS = 50
const CONCURRENCY = 16
// the concurrency, and one low enough that neither loop waits for the CPU
const LIVE_CONCURRENCIES = [4, 16]
const CALLS_PER_SAMPLE = 3
const TOOL_RUNS_PER_SAMPLE = 2

// the CPU time of the process (Vitest's main thread and its worker) from before the first sample to after the last,
// written by the project itself, so that loading the recordings and starting Vitest are left out, as in durationMs
const CPU_HOOKS = `import { writeFileSync } from 'node:fs'
import { afterAll, beforeAll } from 'vitest'

let cpu: NodeJS.CpuUsage
beforeAll(() => {
  cpu = process.cpuUsage()
})
afterAll(() => {
  const used = process.cpuUsage(cpu)
  writeFileSync('cpu.json', JSON.stringify((used.user + used.system) / 1000))
})
`

// the benchmark of both projects, the agent's with its tools: the same samples, model and concurrency
const evalFile = (tools: string): string => `import { datasets, describeBenchmark, models } from 'evalsuite'
import { z } from 'zod'
${CPU_HOOKS}
describeBenchmark('bench', {
  dataset: datasets.jsonl('data.jsonl'),
  model: models.openai({ model: 'fake-model', maxRetries: 0 }),
  concurrency: ${CONCURRENCY},${tools}
})
`
const SINGLE_EVAL = evalFile('')
const AGENT_EVAL = evalFile(`
  tools: {
    search: { parameters: z.object({ q: z.string() }), execute: ({ q }: { q: string }) => q.replace('Reply with: ', 'id ') },
    lookup: { parameters: z.object({ id: z.string() }), execute: ({ id }: { id: string }) => id.replace('id ', 'answer of ') },
  },`)

// the agent's script, or, for the agent that answers at once, a server that calls no tool
async function record(dir: string, label: string, toolCalls: typeof agentCalls = agentCalls): Promise<void> {
  const server = await startFakeServer({ toolCalls, reply: agentReply })
  try {
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'x', EVALSUITE_RECORDINGS: 'record', CI: 'true' }
    const recorded = await runChild(process.execPath, [VITEST, 'run', 'evals'], { cwd: dir, env, rssFile: join(dir, 'time.out') })
    if (recorded.exitCode !== 0) throw new Error(`recording ${label} failed:\n${recorded.stdout.slice(-3000)}`)
  } finally {
    await server.close()
  }
}

interface Replayed {
  /** The samples' run (the report's durationMs), a sample. */
  wallMs: number
  /** CPU time over the samples' run, a sample. */
  cpuMs: number
  /** The whole `vitest run`: wall, and CPU (GNU time: loading, start-up, the run). */
  processMs: number
  processCpuMs: number | null
}

async function replayOnce(dir: string, label: string, samples: number): Promise<Replayed> {
  const run = await runChild(process.execPath, [VITEST, 'run', 'evals'], {
    cwd: dir,
    env: { CI: 'true', NO_COLOR: '1', EVALSUITE_RECORDINGS: 'replay' },
    rssFile: join(dir, 'time.out'),
  })
  if (run.exitCode !== 0) throw new Error(`replaying ${label} exited with ${run.exitCode}:\n${run.stdout.slice(-3000)}`)
  const report = JSON.parse(await readFile(join(dir, 'eval-reports/bench.json'), 'utf8')) as {
    durationMs: number
    samples: { status: string }[]
  }
  const right = report.samples.filter((sample) => sample.status === 'right').length
  if (right !== samples) throw new Error(`${label}: ${right} of ${samples} samples right in replay`)
  const cpuMs = JSON.parse(await readFile(join(dir, 'cpu.json'), 'utf8')) as number
  return { wallMs: report.durationMs / samples, cpuMs: cpuMs / samples, processMs: run.processMs, processCpuMs: run.cpuMs }
}

const sorted = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b)
const median = (values: readonly number[]): number => {
  const order = sorted(values)
  const middle = order.length >> 1
  return order.length % 2 === 1 ? order[middle]! : (order[middle - 1]! + order[middle]!) / 2
}
// a median with the range of the rounds, e.g. "1.23x (1.10 to 1.41)"
const ratioText = (ratios: readonly number[]): string =>
  `${median(ratios).toFixed(3)}x (rounds ${sorted(ratios)[0]!.toFixed(2)} to ${sorted(ratios).at(-1)!.toFixed(2)})`
const load = (): string => loadavg()[0]!.toFixed(1)

/** Each side's replays, round by round: one model call, the agent answering at once, the agent's three steps. */
interface ReplaySides {
  single: Replayed[]
  direct: Replayed[]
  agent: Replayed[]
}

const SIDE_LABELS: Record<keyof ReplaySides, string> = {
  single: 'one step',
  direct: 'one step, tools offered',
  agent: 'three steps',
}

async function replayBench(samples: number): Promise<ReplaySides> {
  await rm(WORK, { recursive: true, force: true })
  const single = await writeFixture(join(WORK, 'one-step'), REPO, samples, CONCURRENCY, true)
  const direct = await writeFixture(join(WORK, 'one-step-tools'), REPO, samples, CONCURRENCY, true)
  const agent = await writeFixture(join(WORK, 'three-steps'), REPO, samples, CONCURRENCY, true)
  await writeFile(join(single.dir, 'evals/bench.eval.ts'), SINGLE_EVAL)
  await writeFile(join(direct.dir, 'evals/bench.eval.ts'), AGENT_EVAL)
  await writeFile(join(agent.dir, 'evals/bench.eval.ts'), AGENT_EVAL)
  const dirs: Record<keyof ReplaySides, string> = { single: single.dir, direct: direct.dir, agent: agent.dir }
  await record(single.dir, SIDE_LABELS.single)
  await record(direct.dir, SIDE_LABELS.direct, () => undefined)
  await record(agent.dir, SIDE_LABELS.agent)
  const sides = Object.keys(dirs) as (keyof ReplaySides)[]
  const loads = [load()]
  const runs: ReplaySides = { single: [], direct: [], agent: [] }
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of sides) runs[side].push(await replayOnce(dirs[side], SIDE_LABELS[side], samples))
    loads.push(load())
  }
  console.log(`replay, ${samples} samples, ${ROUNDS} rounds, load average ${loads.join(', ')}:`)
  const figure = (field: 'wallMs' | 'cpuMs' | 'processMs' | 'processCpuMs', scale = 1, unit = 'ms'): string =>
    sides
      .map((side) => `${SIDE_LABELS[side]} ${(median(runs[side].map((run) => run[field]!)) / scale).toFixed(scale === 1 ? 3 : 2)} ${unit}`)
      .join(', ')
  // each ratio is the median of the rounds' ratios, the two sides of a round run one after the other
  const ratio = (field: 'wallMs' | 'cpuMs' | 'processMs' | 'processCpuMs', over: keyof ReplaySides, under: keyof ReplaySides): string =>
    ratioText(runs[over].map((run, round) => run[field]! / runs[under][round]![field]!))
  console.log(`  a sample, wall: ${figure('wallMs')}`)
  console.log(`    three steps / one step: ${ratio('wallMs', 'agent', 'single')} (target <= 1.5x)`)
  console.log(`    three steps / one step with tools offered: ${ratio('wallMs', 'agent', 'direct')}`)
  console.log(`  a sample, CPU:  ${figure('cpuMs')}`)
  console.log(`    three steps / one step: ${ratio('cpuMs', 'agent', 'single')} (target <= 1.5x)`)
  console.log(`    the tool loop's cost a sample, one step with tools offered / one step: ${ratio('cpuMs', 'direct', 'single')}`)
  console.log(`    its cost a step, three steps / one step with tools offered: ${ratio('cpuMs', 'agent', 'direct')}`)
  console.log(`  whole run, wall: ${figure('processMs', 1000, 's')}; three steps / one step ${ratio('processMs', 'agent', 'single')}`)
  if (sides.every((side) => runs[side].every((run) => run.processCpuMs !== null)))
    console.log(
      `  whole run, CPU:  ${figure('processCpuMs', 1000, 's')}; three steps / one step ${ratio('processCpuMs', 'agent', 'single')}`,
    )
  // --keep leaves the recorded projects, to profile a replay of either by hand
  if (!process.argv.includes('--keep')) await rm(WORK, { recursive: true, force: true })
  return runs
}

// the CPU of each sample beyond the smaller run's: the difference of the two sizes' median CPU over the samples' run
function marginal(small: ReplaySides, large: ReplaySides): void {
  const [few, many] = [SIZES[0]!, SIZES[1]!]
  const beyond = (side: keyof ReplaySides): number => {
    const total = (runs: Replayed[], samples: number): number => median(runs.map((run) => run.cpuMs)) * samples
    return (total(large[side], many) - total(small[side], few)) / (many - few)
  }
  const [single, direct, agent] = [beyond('single'), beyond('direct'), beyond('agent')]
  console.log(
    `replay, each sample beyond the first ${few} (${few} to ${many}, medians), CPU: one step ${single.toFixed(3)} ms, one step with tools offered ${direct.toFixed(3)} ms, three steps ${agent.toFixed(3)} ms: three steps / one step ${(agent / single).toFixed(3)}x, / one step with tools offered ${(agent / direct).toFixed(3)}x`,
  )
}

async function replayBenches(): Promise<void> {
  // the package as users install it (dist/, bundled), not src/ through Vite's transform, which no user runs
  await buildPackage()
  const sides: ReplaySides[] = []
  for (const samples of SIZES) sides.push(await replayBench(samples))
  if (sides.length === 2) marginal(sides[0]!, sides[1]!)
}

// the local server, in a process of its own: in the measuring process its work would take the CPU both loops need
interface ServerProcess {
  baseURL: string
  /** Chat requests it has answered so far. */
  requests(): Promise<number>
  close(): Promise<void>
}

type ServerMessage = { baseURL: string } | { requests: number }

async function serve(): Promise<void> {
  const server = await startFakeServer({ toolCalls: agentCalls, reply: agentReply, latencyMs: CALL_MS })
  process.on('message', (message) => {
    if (message === 'requests') process.send!({ requests: server.requestCount } satisfies ServerMessage)
    else void server.close().then(() => process.exit(0))
  })
  process.send!({ baseURL: server.baseURL } satisfies ServerMessage)
}

async function startServerProcess(): Promise<ServerProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'] })
  let failed: Error | undefined
  child.once('exit', (code) => (failed = new Error(`the bench's server exited with ${code}`)))
  const next = (): Promise<ServerMessage> =>
    failed ? Promise.reject(failed) : new Promise((resolve) => child.once('message', (message) => resolve(message as ServerMessage)))
  const started = await next()
  if (!('baseURL' in started)) throw new Error('the bench server did not say where it listens')
  return {
    baseURL: started.baseURL,
    async requests() {
      const answer = next()
      child.send('requests')
      const message = await answer
      if (!('requests' in message)) throw new Error('the bench server did not count its requests')
      return message.requests
    },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.send('close')
      }),
  }
}

interface Timed {
  wallMs: number
  cpuMs: number
  /** Tool executions the loop made. */
  toolRuns: number
}

async function timed(work: (count: () => void) => Promise<unknown>): Promise<Timed> {
  let toolRuns = 0
  const cpu = process.cpuUsage()
  const started = performance.now()
  await work(() => toolRuns++)
  const used = process.cpuUsage(cpu)
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, toolRuns }
}

// the raw loop: what a user would write with the openai SDK alone
function rawLoop(baseURL: string, inputs: readonly string[], concurrency: number): Promise<Timed> {
  const client = new OpenAI({ apiKey: 'x', baseURL, maxRetries: 0 })
  const limit = pLimit(concurrency)
  return timed((count) => Promise.all(inputs.map((input) => limit(() => rawAgent(client, input, count)))))
}

function evalsuiteLoop(
  { models, createToolLoop, runAgent }: Layer,
  baseURL: string,
  inputs: readonly string[],
  concurrency: number,
): Promise<Timed> {
  const model = models.openai({ model: 'fake-model', baseURL, apiKey: 'x', maxRetries: 0 })
  const limit = pLimit(concurrency)
  return timed((count) => {
    const loop = createToolLoop(
      'bench',
      {
        search: { parameters: z.object({ q: z.string() }), execute: ({ q }: { q: string }) => (count(), q.replace('Reply with: ', 'id ')) },
        lookup: {
          parameters: z.object({ id: z.string() }),
          execute: ({ id }: { id: string }) => (count(), id.replace('id ', 'answer of ')),
        },
      },
      10,
    )
    return Promise.all(
      inputs.map((input, index) =>
        limit(() => {
          const signal = new AbortController().signal
          return runAgent(
            loop,
            (messages, options) => model.generate(messages as never, options),
            [{ role: 'user', content: input }],
            { sample: { id: `s${index}`, input }, signal },
            { signal },
          )
        }),
      ),
    )
  })
}

// both loops must do the same work: the same requests, the same tool executions, at the same concurrency
async function checked(server: ServerProcess, name: string, samples: number, run: () => Promise<Timed>): Promise<Timed> {
  const before = await server.requests()
  const result = await run()
  const requests = (await server.requests()) - before
  if (requests !== samples * CALLS_PER_SAMPLE || result.toolRuns !== samples * TOOL_RUNS_PER_SAMPLE)
    throw new Error(`${name}: ${requests} requests and ${result.toolRuns} tool runs for ${samples} samples`)
  return result
}

async function liveBench(): Promise<void> {
  const server = await startServerProcess()
  try {
    const inputs = Array.from({ length: LIVE_SAMPLES }, (_, i) => `Reply with: ${i}`)
    const raw = (concurrency: number, given = inputs) =>
      checked(server, 'raw loop', given.length, () => rawLoop(server.baseURL, given, concurrency))
    // evalsuite's side bundled as the package is, not run through tsx (see bundled-layer.ts)
    const layer = await bundledLayer(REPO, 'agent')
    const ours = (concurrency: number, given = inputs) =>
      checked(server, 'evalsuite loop', given.length, () => evalsuiteLoop(layer, server.baseURL, given, concurrency))
    for (const concurrency of LIVE_CONCURRENCIES) {
      // one warm-up each, then alternating rounds, each pair in the other order from the last
      await raw(concurrency, inputs.slice(0, concurrency))
      await ours(concurrency, inputs.slice(0, concurrency))
      const loads = [load()]
      const pairs: { raw: Timed; ours: Timed }[] = []
      for (let round = 0; round < LIVE_ROUNDS; round++) {
        if (round % 2 === 0) pairs.push({ raw: await raw(concurrency), ours: await ours(concurrency) })
        else {
          const first = await ours(concurrency)
          pairs.push({ raw: await raw(concurrency), ours: first })
        }
        loads.push(load())
      }
      const calls = inputs.length * CALLS_PER_SAMPLE
      const wall = pairs.map((pair) => pair.ours.wallMs / pair.raw.wallMs)
      const cpu = pairs.map((pair) => pair.ours.cpuMs / pair.raw.cpuMs)
      const [rawCpu, oursCpu] = [median(pairs.map((pair) => pair.raw.cpuMs)) / calls, median(pairs.map((pair) => pair.ours.cpuMs)) / calls]
      console.log(
        `live, ${LIVE_SAMPLES} samples x ${CALLS_PER_SAMPLE} calls at ${CALL_MS} ms a call, ${concurrency} at once, ${LIVE_ROUNDS} rounds alternating, load average ${loads.join(', ')}:`,
      )
      console.log(
        `  wall: raw openai SDK loop ${(median(pairs.map((pair) => pair.raw.wallMs)) / 1000).toFixed(3)} s, evalsuite tool loop ${(median(pairs.map((pair) => pair.ours.wallMs)) / 1000).toFixed(3)} s: ${ratioText(wall)} (target <= 1.05x)`,
      )
      console.log(
        `  CPU a call (this process: the loop, not the server): raw ${rawCpu.toFixed(3)} ms, evalsuite ${oursCpu.toFixed(3)} ms: ${ratioText(cpu)}, +${(oursCpu - rawCpu).toFixed(3)} ms a call`,
      )
    }
  } finally {
    await server.close()
  }
}

if (process.argv.includes('--serve')) await serve()
else {
  console.log(`agent bench${QUICK ? ' (quick)' : ''}: ${availableParallelism()} CPUs, Node ${process.version}`)
  if (!process.argv.includes('--replay-only')) await liveBench()
  if (!process.argv.includes('--live-only')) await replayBenches()
}
