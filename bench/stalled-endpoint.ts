import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Report } from '../src/index.ts'
import { startFakeServer, type Fault } from '../test/support/openai-server.ts'
import { runChild } from './overhead/run-child.ts'

// How long a run against a dead endpoint takes, start to exit, as `vitest run` in a child process. `hang`: 1,000
// samples against an endpoint that accepts connections and never answers, every setting at its default (target: under
// 5 minutes). `stall`: 100 samples against an endpoint that sends its headers and then nothing, timeoutMs 2000 (target:
// about stopAfterFailures × timeoutMs, 10 s). Each scenario's samples must all error, naming the endpoint's host.

const REPO = fileURLToPath(new URL('..', import.meta.url))
const WORK = join(REPO, 'bench/results/work/stalled-endpoint')
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')

interface Scenario {
  name: string
  samples: number
  fault: Fault
  /** The model's options besides its name, as written in the eval file. */
  modelOptions: string
  targetMs: number
}

const SCENARIOS: Scenario[] = [
  { name: 'hang', samples: 1000, fault: { kind: 'hang' }, modelOptions: '', targetMs: 300_000 },
  { name: 'stall', samples: 100, fault: { kind: 'stall' }, modelOptions: ', timeoutMs: 2000', targetMs: 15_000 },
]

async function writeProject(dir: string, scenario: Scenario): Promise<void> {
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
  await writeFile(
    join(dir, 'evals/dead.eval.ts'),
    `import { describeBenchmark, models } from 'evalsuite'

describeBenchmark('dead', {
  dataset: Array.from({ length: ${scenario.samples} }, (_, i) => ({ id: \`s\${i + 1}\`, input: \`Reply with: \${i + 1}\`, target: String(i + 1) })),
  model: models.openai({ model: 'fake-model'${scenario.modelOptions} }),
})
`,
  )
}

async function run(scenario: Scenario): Promise<boolean> {
  const dir = join(WORK, scenario.name)
  await writeProject(dir, scenario)
  const server = await startFakeServer({ fault: () => scenario.fault })
  const host = new URL(server.baseURL).host
  try {
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'x', CI: 'true', NO_COLOR: '1' }
    const child = await runChild(process.execPath, [VITEST, 'run'], { cwd: dir, env, rssFile: join(dir, 'time.out') })
    const report = JSON.parse(await readFile(join(dir, 'eval-reports/dead.json'), 'utf8')) as Report
    const named = report.samples.filter((sample) => sample.error?.includes(host)).length
    const ok = report.counts.errored === scenario.samples && named === scenario.samples && child.processMs < scenario.targetMs
    console.log(
      `${scenario.name}: ${scenario.samples} samples, ${server.requestCount} requests, ${report.counts.errored} errored (${named} naming ${host}); ` +
        `vitest run took ${(child.processMs / 1000).toFixed(1)} s (target < ${scenario.targetMs / 1000} s): ${ok ? 'met' : 'MISSED'}`,
    )
    console.log(`  first error: ${report.samples[0]?.error}\n  last error:  ${report.samples.at(-1)?.error}`)
    return ok
  } finally {
    await server.close()
  }
}

const only = process.argv.slice(2)
const selected = only.length === 0 ? SCENARIOS : SCENARIOS.filter((scenario) => only.includes(scenario.name))
console.log(`dead endpoints (${availableParallelism()} CPUs, Node ${process.version})`)
let met = selected.length > 0
try {
  for (const scenario of selected) met = (await run(scenario)) && met
} finally {
  await rm(WORK, { recursive: true, force: true })
}
process.exitCode = met ? 0 : 1
