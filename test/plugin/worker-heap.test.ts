import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { collectLoadingGarbage } from '../../src/plugin/worker-heap.ts'
import type { TaskLike } from '../../src/vitest/tasks.ts'

const MODULE = fileURLToPath(new URL('../../src/plugin/worker-heap.ts', import.meta.url))
const PLUGIN = fileURLToPath(new URL('../../src/plugin.ts', import.meta.url))
const MIB = 1024 * 1024

// a worker (an ES module, as it inherits --input-type=module) that allocates enough short-lived objects to grow its
// young generation to its largest, and reports its size
const WORKER = `
const worker = new Worker(\`
  import { getHeapSpaceStatistics } from 'node:v8'
  import { parentPort } from 'node:worker_threads'
  let kept = []
  for (let i = 0; i < 2e6; i++) {
    kept.push({ i, text: 'x' + i })
    if (kept.length > 2e5) kept = []
  }
  parentPort.postMessage(getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size)
\`, { eval: true })
worker.once('message', (bytes) => {
  console.log(bytes)
  void worker.terminate()
})
`

// a fresh process, since the flag is the process's: it sizes the workers' heaps, then starts the worker
const SCRIPT = `
import { Worker } from 'node:worker_threads'
import { sizeWorkerHeaps } from ${JSON.stringify(MODULE)}
sizeWorkerHeaps()
${WORKER}`

// a fresh process that sets the plugin up as Vitest does (configureVitest), with the options in EVALSUITE_TEST_OPTIONS
const PLUGIN_SCRIPT = `
import { Worker } from 'node:worker_threads'
import { evalsuite } from ${JSON.stringify(PLUGIN)}
const vitest = { config: { reporters: [], root: process.cwd(), ui: false, snapshotOptions: { updateSnapshot: 'none' } } }
const project = { name: 'unit', vite: { config: { configFile: undefined } } }
await evalsuite(JSON.parse(process.env.EVALSUITE_TEST_OPTIONS)).configureVitest({ vitest, project, injectTestProjects: async () => [] })
${WORKER}`

async function workerNewSpace(nodeArguments: string[], env: Record<string, string> = {}, script = SCRIPT): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...nodeArguments, '--import', 'tsx', '--input-type=module', '-e', script],
    { env: { ...process.env, ...env } },
  )
  return Number(stdout.trim())
}

it("leaves the process's V8 flags alone by default: a worker thread the user starts keeps V8's young generation", async () => {
  const untouched = await workerNewSpace([], {}, `import { Worker } from 'node:worker_threads'\n${WORKER}`)
  expect(untouched).toBeGreaterThan(8 * MIB)
  expect(await workerNewSpace([], { EVALSUITE_TEST_OPTIONS: '{}' }, PLUGIN_SCRIPT)).toBe(untouched)
}, 120_000)

it("sizes the workers' young generation when the options ask for compact heaps", async () => {
  expect(await workerNewSpace([], { EVALSUITE_TEST_OPTIONS: '{"compactWorkerHeaps":true}' }, PLUGIN_SCRIPT)).toBe(8 * MIB)
}, 60_000)

it('gives the eval workers a young generation of two 4 MiB semi-spaces', async () => {
  expect(await workerNewSpace([])).toBe(8 * MIB)
}, 60_000)

it("keeps a semi-space size the user gave on Node's command line", async () => {
  expect(await workerNewSpace(['--max-semi-space-size=16'])).toBe(32 * MIB)
}, 60_000)

it('keeps a semi-space size the user gave in NODE_OPTIONS', async () => {
  expect(await workerNewSpace([], { NODE_OPTIONS: '--max_semi_space_size=16' })).toBe(32 * MIB)
}, 60_000)

function fileOf(tests: number): TaskLike {
  return {
    type: 'suite',
    mode: 'run',
    name: 'file',
    meta: {},
    tasks: Array.from({ length: tests }, (_, i) => ({ type: 'test', mode: 'run', name: `t${i}`, meta: {} })),
  }
}

// a WeakRef's target outlives the turn that made it; after that, a full collection clears it
async function collectedAfter(collect: () => Promise<void>): Promise<boolean> {
  const reference = new WeakRef({ loaded: 'x'.repeat(1000) })
  await new Promise((resolve) => setImmediate(resolve))
  await collect()
  return reference.deref() === undefined
}

it('collects the garbage of loading once an eval file has declared 10,000 tests', async () => {
  expect(await collectedAfter(() => collectLoadingGarbage(fileOf(10_000)))).toBe(true)
})
