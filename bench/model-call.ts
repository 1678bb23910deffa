// npm run bench:model-call [-- --quick] [--calls N] [--concurrency C] [--latency MS] [--agent] [--before <source root>]
//   [--only raw|ours|before]
// The CPU of one model call through models.openai (or, with --agent, of one call of its tool loop: 3 calls a sample)
// against the openai SDK called directly, on a local server in a process of its own. evalsuite's code is bundled by
// rolldown as the package is, since tsx, which runs the benches, wraps every function it creates in a naming helper that
// users never run. --before bundles another source tree (e.g. an earlier commit, unpacked with its node_modules) as a
// third contestant in the same rounds. Rounds rotate the order; each reports CPU per call of this process only.
// Under `node --cpu-prof`, `--only ours` shows where models.openai's own time goes.
import { fork } from 'node:child_process'
import { Session } from 'node:inspector/promises'
import { availableParallelism, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import OpenAI from 'openai'
import pLimit from 'p-limit'
import { z } from 'zod'
import { startFakeServer } from '../test/support/openai-server.ts'
import { agentCalls, agentReply, rawAgent } from './agent-script.ts'
import { bundledLayer, type Layer } from './bundled-layer.ts'

const REPO = fileURLToPath(new URL('..', import.meta.url))
const QUICK = process.argv.includes('--quick')
const AGENT = process.argv.includes('--agent')
const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name)
  return at < 0 ? undefined : process.argv[at + 1]
}
const CONCURRENCY = Number(option('--concurrency') ?? 16)
const LATENCY_MS = Number(option('--latency') ?? (AGENT ? 50 : 0))
// calls a round: enough to take a second or more at the latency asked
const CALLS = Number(option('--calls') ?? (QUICK ? 1 : 3) * (LATENCY_MS === 0 ? 2_000 : Math.ceil((CONCURRENCY * 1_000) / LATENCY_MS)))
const ROUNDS = Number(option('--rounds') ?? (QUICK ? 3 : 7))
const ONLY = option('--only')
const BEFORE = option('--before')
// a sample of the agent: a search, a lookup of what it found, then the answer
const CALLS_PER_SAMPLE = AGENT ? 3 : 1

async function serve(): Promise<void> {
  const server = await startFakeServer({ latencyMs: LATENCY_MS, toolCalls: agentCalls, reply: agentReply })
  process.on('message', () => void server.close().then(() => process.exit(0)))
  process.send!({ baseURL: server.baseURL })
}

type Call = (index: number) => Promise<unknown>

async function cpuPerCall(call: Call): Promise<number> {
  const samples = Math.ceil(CALLS / CALLS_PER_SAMPLE)
  const limit = pLimit(CONCURRENCY)
  // a collection of the whole heap, whose cost falls on whichever round is running, is made between rounds instead
  globalThis.gc?.()
  const cpu = process.cpuUsage()
  await Promise.all(Array.from({ length: samples }, (_, index) => limit(() => call(index))))
  const used = process.cpuUsage(cpu)
  return (used.user + used.system) / (samples * CALLS_PER_SAMPLE)
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

// what a user would write with the openai SDK alone
function rawCall(baseURL: string): Call {
  const client = new OpenAI({ apiKey: 'x', baseURL, maxRetries: 0 })
  if (!AGENT)
    return (index) =>
      client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content: `Reply with: ${index}` }], temperature: 0 })
  return (index) => rawAgent(client, `Reply with: ${index}`)
}

function layerCall(layer: Layer, baseURL: string): Call {
  const model = layer.models.openai({ model: 'fake-model', baseURL, apiKey: 'x', maxRetries: 0 })
  if (!AGENT)
    return (index) => model.generate([{ role: 'user', content: `Reply with: ${index}` }], { signal: new AbortController().signal })
  const loop = layer.createToolLoop(
    'bench',
    {
      search: { parameters: z.object({ q: z.string() }), execute: ({ q }: { q: string }) => q.replace('Reply with: ', 'id ') },
      lookup: { parameters: z.object({ id: z.string() }), execute: ({ id }: { id: string }) => id.replace('id ', 'answer of ') },
    },
    10,
  )
  return (index) => {
    const signal = new AbortController().signal
    const input = `Reply with: ${index}`
    return layer.runAgent(
      loop,
      (messages, options) => model.generate(messages as never, options),
      [{ role: 'user', content: input }],
      { sample: { id: `s${index}`, input }, signal },
      { signal },
    )
  }
}

interface SampledNode {
  selfSize: number
  children: SampledNode[]
}

const sampledBytes = (node: SampledNode): number => node.children.reduce((sum, child) => sum + sampledBytes(child), node.selfSize)

// the bytes a call allocates, garbage included (V8's sampling heap profiler, one sample per 1 KiB on average): unlike
// CPU time, it does not move with the load of a shared machine, and it is what the collector's time grows with
async function bytesPerCall(session: Session, call: Call): Promise<number> {
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never)
  const samples = Math.ceil(CALLS / CALLS_PER_SAMPLE)
  const limit = pLimit(CONCURRENCY)
  await Promise.all(Array.from({ length: samples }, (_, index) => limit(() => call(index))))
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: SampledNode } }
  return sampledBytes(profile.head) / (samples * CALLS_PER_SAMPLE)
}

const spread = (ratios: readonly number[]): string => {
  const sorted = [...ratios].sort((a, b) => a - b)
  return `${median(sorted).toFixed(3)}x (rounds ${sorted[0]!.toFixed(2)} to ${sorted.at(-1)!.toFixed(2)})`
}

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', ...process.argv.slice(2)], { execArgv: ['--import', 'tsx'] })
  const { baseURL } = await new Promise<{ baseURL: string }>((done) => child.once('message', (message) => done(message as never)))
  try {
    const contestants: [string, Call][] = [
      ['raw', rawCall(baseURL)],
      ['ours', layerCall(await bundledLayer(REPO, 'ours'), baseURL)],
    ]
    if (BEFORE !== undefined) contestants.push(['before', layerCall(await bundledLayer(resolve(BEFORE), 'before'), baseURL)])
    const measured = contestants.filter(([name]) => ONLY === undefined || name === ONLY)
    // a warm-up each, so that no measured round pays for loading or compiling code
    for (const [, call] of measured) await cpuPerCall(call)
    const rounds: Record<string, number>[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const result: Record<string, number> = {}
      for (let turn = 0; turn < measured.length; turn++) {
        const [name, call] = measured[(round + turn) % measured.length]!
        result[name] = await cpuPerCall(call)
      }
      rounds.push(result)
    }
    const session = new Session()
    session.connect()
    const allocated: Record<string, number> = {}
    for (const [name, call] of measured) allocated[name] = await bytesPerCall(session, call)
    session.disconnect()
    console.log(
      `${AGENT ? 'tool loop' : 'model'} call: ${CALLS} calls a round at ${LATENCY_MS} ms, ${CONCURRENCY} at once, ${ROUNDS} rounds, ` +
        `${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}`,
    )
    for (const [name] of measured) {
      const cpu = median(rounds.map((round) => round[name]!))
      const against = name === 'raw' || ONLY !== undefined ? '' : `: ${spread(rounds.map((round) => round[name]! / round.raw!))}`
      const before =
        name === 'ours' && BEFORE !== undefined && ONLY === undefined
          ? `, ${spread(rounds.map((round) => round.ours! / round.before!))} of before`
          : ''
      const bytes = `; allocated ${(allocated[name]! / 1024).toFixed(1)} KiB a call${name === 'raw' || allocated.raw === undefined ? '' : ` (+${((allocated[name]! - allocated.raw) / 1024).toFixed(1)} KiB)`}`
      console.log(`  CPU a call, ${name}: ${cpu.toFixed(1)} µs${against}${before}${bytes}`)
    }
  } finally {
    child.send('close')
  }
}

if (process.argv.includes('--serve')) await serve()
else await main()
