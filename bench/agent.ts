// npm run bench:agent [-- --quick]: what the tool loop costs.
// 1. Replay: 1,000 samples of 3 tool steps, replayed by Vitest from recordings, against the same samples replayed as
//    one model call each; per sample, from the benchmark's own run time in its JSON report (target: at most 1.5x).
// 2. Live: evalsuite's loop (models.openai, its tool loop) against a raw loop over the openai SDK, both calling a
//    local server that answers each call after 50 ms (target: at most 1.05x).
import { readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import OpenAI from 'openai'
import pLimit from 'p-limit'
import { z } from 'zod'
import { createToolLoop, runAgent } from '../src/agent/index.ts'
import { models } from '../src/model/index.ts'
import { startFakeServer, type ChatRequest } from '../test/support/openai-server.ts'
import { writeFixture } from './overhead/fixture.ts'
import { runChild } from './overhead/run-child.ts'

const REPO = fileURLToPath(new URL('..', import.meta.url))
const WORK = join(REPO, 'bench/results/work-agent')
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')
const QUICK = process.argv.includes('--quick')
const SAMPLES = QUICK ? 200 : 1000
const ROUNDS = QUICK ? 1 : 3
const LIVE_SAMPLES = QUICK ? 16 : 48
const CALL_MS = 50
const CONCURRENCY = 16
// few enough calls at once that neither loop waits for the CPU: the comparison is of the loops' own latency
const LIVE_CONCURRENCY = 4

const toolMessages = (request: ChatRequest): ChatRequest['messages'] => request.messages.filter((message) => message.role === 'tool')

// the agent's script: a search, a lookup of what it found, then the answer the lookup gave
function agentCalls(request: ChatRequest): { name: string; arguments: string }[] | undefined {
  if (request.tools === undefined) return undefined
  const results = toolMessages(request)
  const asked = request.messages.find((message) => message.role === 'user')?.content ?? ''
  if (results.length === 0) return [{ name: 'search', arguments: JSON.stringify({ q: asked }) }]
  if (results.length === 1) return [{ name: 'lookup', arguments: JSON.stringify({ id: results[0]!.content }) }]
  return undefined
}

const agentReply = (request: ChatRequest): string => {
  const last = toolMessages(request).at(-1)?.content
  return last === undefined ? (request.messages.at(-1)?.content ?? '').replace('Reply with: ', '') : last.replace('answer of ', '')
}

const AGENT_EVAL = `import { datasets, describeBenchmark, models } from 'evalsuite'
import { z } from 'zod'

describeBenchmark('bench', {
  dataset: datasets.jsonl('data.jsonl'),
  model: models.openai({ model: 'fake-model', maxRetries: 0 }),
  concurrency: ${CONCURRENCY},
  tools: {
    search: { parameters: z.object({ q: z.string() }), execute: ({ q }: { q: string }) => q.replace('Reply with: ', 'id ') },
    lookup: { parameters: z.object({ id: z.string() }), execute: ({ id }: { id: string }) => id.replace('id ', 'answer of ') },
  },
})
`

async function record(dir: string, label: string): Promise<void> {
  const server = await startFakeServer({ toolCalls: agentCalls, reply: agentReply })
  try {
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'x', EVALSUITE_RECORDINGS: 'record', CI: 'true' }
    const recorded = await runChild(process.execPath, [VITEST, 'run', 'evals'], { cwd: dir, env, rssFile: join(dir, 'time.out') })
    if (recorded.exitCode !== 0) throw new Error(`recording ${label} failed:\n${recorded.stdout.slice(-3000)}`)
  } finally {
    await server.close()
  }
}

interface Replayed {
  perSampleMs: number
  processMs: number
  cpuMs: number | null
}

async function replayOnce(dir: string, label: string): Promise<Replayed> {
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
  if (right !== SAMPLES) throw new Error(`${label}: ${right} of ${SAMPLES} samples right in replay`)
  return { perSampleMs: report.durationMs / SAMPLES, processMs: run.processMs, cpuMs: run.cpuMs }
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!

async function replayBench(): Promise<void> {
  await rm(WORK, { recursive: true, force: true })
  const single = await writeFixture(join(WORK, 'one-step'), REPO, SAMPLES, CONCURRENCY)
  const agent = await writeFixture(join(WORK, 'three-steps'), REPO, SAMPLES, CONCURRENCY)
  await writeFile(join(agent.dir, 'evals/bench.eval.ts'), AGENT_EVAL)
  await record(single.dir, 'one step')
  await record(agent.dir, 'three steps')
  const runs = { single: [] as Replayed[], agent: [] as Replayed[] }
  for (let round = 0; round < ROUNDS; round++) {
    runs.single.push(await replayOnce(single.dir, 'one step'))
    runs.agent.push(await replayOnce(agent.dir, 'three steps'))
  }
  const perSample = { single: median(runs.single.map((r) => r.perSampleMs)), agent: median(runs.agent.map((r) => r.perSampleMs)) }
  const whole = { single: median(runs.single.map((r) => r.processMs)), agent: median(runs.agent.map((r) => r.processMs)) }
  // CPU time (GNU time: the run's processes, user and system) holds on a loaded machine, where wall time does not
  const cpu =
    runs.agent.every((r) => r.cpuMs !== null) && runs.single.every((r) => r.cpuMs !== null)
      ? { single: median(runs.single.map((r) => r.cpuMs!)), agent: median(runs.agent.map((r) => r.cpuMs!)) }
      : undefined
  console.log(`replay, ${SAMPLES} samples, median of ${ROUNDS} rounds:`)
  console.log(`  one step:     ${perSample.single.toFixed(3)} ms a sample (whole run ${(whole.single / 1000).toFixed(2)} s)`)
  console.log(`  three steps:  ${perSample.agent.toFixed(3)} ms a sample (whole run ${(whole.agent / 1000).toFixed(2)} s)`)
  console.log(
    `  ratio:        ${(perSample.agent / perSample.single).toFixed(2)}x a sample (target <= 1.5x); whole run ${(whole.agent / whole.single).toFixed(2)}x`,
  )
  if (cpu)
    console.log(
      `  CPU:          one step ${(cpu.single / 1000).toFixed(2)} s, three steps ${(cpu.agent / 1000).toFixed(2)} s: ${(cpu.agent / cpu.single).toFixed(2)}x the whole run, +${((cpu.agent - cpu.single) / SAMPLES).toFixed(3)} ms a sample`,
    )
  // --keep leaves the recorded projects, to profile a replay of either by hand
  if (!process.argv.includes('--keep')) await rm(WORK, { recursive: true, force: true })
}

// the raw loop: what a user would write with the openai SDK alone
interface Timed {
  wallMs: number
  cpuMs: number
}

async function timed(work: () => Promise<unknown>): Promise<Timed> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  await work()
  const used = process.cpuUsage(cpu)
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 }
}

async function rawLoop(baseURL: string, inputs: readonly string[]): Promise<Timed> {
  const client = new OpenAI({ apiKey: 'x', baseURL, maxRetries: 0 })
  const tools = [
    {
      type: 'function' as const,
      function: { name: 'search', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
    },
    {
      type: 'function' as const,
      function: { name: 'lookup', parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
    },
  ]
  const run: Record<string, (args: Record<string, string>) => string> = {
    search: ({ q }) => q!.replace('Reply with: ', 'id '),
    lookup: ({ id }) => id!.replace('id ', 'answer of '),
  }
  const limit = pLimit(LIVE_CONCURRENCY)
  return timed(() =>
    Promise.all(
      inputs.map((input) =>
        limit(async () => {
          const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: input }]
          for (let step = 0; step < 10; step++) {
            const reply = (await client.chat.completions.create({ model: 'fake-model', messages, tools })).choices[0]!.message
            const calls = (reply.tool_calls ?? []).filter((call) => call.type === 'function')
            if (calls.length === 0) return reply.content
            messages.push({ role: 'assistant', content: reply.content, tool_calls: calls })
            for (const call of calls)
              messages.push({
                role: 'tool',
                tool_call_id: call.id,
                content: run[call.function.name]!(JSON.parse(call.function.arguments) as Record<string, string>),
              })
          }
          return undefined
        }),
      ),
    ),
  )
}

async function evalsuiteLoop(baseURL: string, inputs: readonly string[]): Promise<Timed> {
  const model = models.openai({ model: 'fake-model', baseURL, apiKey: 'x', maxRetries: 0 })
  const loop = createToolLoop(
    'bench',
    {
      search: { parameters: z.object({ q: z.string() }), execute: ({ q }: { q: string }) => q.replace('Reply with: ', 'id ') },
      lookup: { parameters: z.object({ id: z.string() }), execute: ({ id }: { id: string }) => id.replace('id ', 'answer of ') },
    },
    10,
  )
  const limit = pLimit(LIVE_CONCURRENCY)
  return timed(() =>
    Promise.all(
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
    ),
  )
}

async function liveBench(): Promise<void> {
  const server = await startFakeServer({ toolCalls: agentCalls, reply: agentReply, latencyMs: CALL_MS })
  try {
    const inputs = Array.from({ length: LIVE_SAMPLES }, (_, i) => `Reply with: ${i}`)
    // one warm-up each, then alternating rounds
    await rawLoop(server.baseURL, inputs.slice(0, LIVE_CONCURRENCY))
    await evalsuiteLoop(server.baseURL, inputs.slice(0, LIVE_CONCURRENCY))
    const raw: Timed[] = []
    const ours: Timed[] = []
    for (let round = 0; round < ROUNDS + 2; round++) {
      raw.push(await rawLoop(server.baseURL, inputs))
      ours.push(await evalsuiteLoop(server.baseURL, inputs))
    }
    const [r, o] = [median(raw.map((run) => run.wallMs)), median(ours.map((run) => run.wallMs))]
    // the CPU each call costs this process (the local server's share included, the same for both loops)
    const calls = inputs.length * 3
    const [rc, oc] = [median(raw.map((run) => run.cpuMs)) / calls, median(ours.map((run) => run.cpuMs)) / calls]
    console.log(
      `live, ${LIVE_SAMPLES} samples x 3 calls at ${CALL_MS} ms a call, ${LIVE_CONCURRENCY} at once, median of ${ROUNDS + 2} rounds:`,
    )
    console.log(
      `  raw openai SDK loop: ${(r / 1000).toFixed(3)} s; evalsuite tool loop: ${(o / 1000).toFixed(3)} s; ratio ${(o / r).toFixed(3)}x (target <= 1.05x)`,
    )
    console.log(
      `  CPU a call: raw ${rc.toFixed(3)} ms, evalsuite ${oc.toFixed(3)} ms (+${(oc - rc).toFixed(3)} ms, ${((100 * (oc - rc)) / CALL_MS).toFixed(1)}% of a ${CALL_MS} ms call)`,
    )
  } finally {
    await server.close()
  }
}

console.log(`agent bench${QUICK ? ' (quick)' : ''}: ${availableParallelism()} CPUs, Node ${process.version}`)
if (!process.argv.includes('--replay-only')) await liveBench()
if (!process.argv.includes('--live-only')) await replayBench()
