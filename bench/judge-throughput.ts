// How busy evalsuite keeps a judge: a judge-only benchmark (verdicts started as each output arrives) against the
// same samples judged by toPassJudge inside a scorer (one test at a time), both against the judge floor.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Report } from '../src/index.ts'
import { startFakeServer } from '../test/support/openai-server.ts'
import { runChild } from './overhead/run-child.ts'

const REPO = fileURLToPath(new URL('..', import.meta.url))
const WORK = join(REPO, 'bench/results/work/judge')
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')
const SAMPLES = 200
const LATENCY_MS = 50
const CONCURRENCY = 8
const ROUNDS = 3

const rel = (to: string): string => relative(WORK, join(REPO, to)).split('\\').join('/')

async function writeProject(): Promise<void> {
  await mkdir(join(WORK, 'evals'), { recursive: true })
  await writeFile(
    join(WORK, 'vitest.config.ts'),
    `import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { evalsuite } from '${rel('src/plugin.ts')}'

export default defineConfig({
  resolve: { alias: [{ find: /^evalsuite$/, replacement: fileURLToPath(new URL('${rel('src/index.ts')}', import.meta.url)) }] },
  plugins: [evalsuite({ judge: { model: { model: 'judge-model', maxRetries: 0 }, verdicts: 'live', concurrency: ${CONCURRENCY} } })],
})
`,
  )
  const dataset = `Array.from({ length: ${SAMPLES} }, (_, i) => ({ id: \`s\${i}\`, input: \`Ticket \${i}\`, target: '' }))`
  await writeFile(
    join(WORK, 'evals/ahead.eval.ts'),
    `import { describeBenchmark } from 'evalsuite'
describeBenchmark('ahead', { dataset: ${dataset}, task: (s) => \`Reply to \${s.id}\`, judge: { definition: 'The reply is polite.' } })
`,
  )
  await writeFile(
    join(WORK, 'evals/in-scorer.eval.ts'),
    `import { describeBenchmark } from 'evalsuite'
describeBenchmark('in-scorer', { dataset: ${dataset}, task: (s) => \`Reply to \${s.id}\` }, async ({ output, expect }) => {
  await expect(output).toPassJudge('The reply is polite.')
})
`,
  )
}

async function phaseMs(benchmark: string, baseURL: string): Promise<number> {
  const run = await runChild(process.execPath, [VITEST, 'run', benchmark], {
    cwd: WORK,
    env: { OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: 'x', CI: 'true', NO_COLOR: '1' },
    rssFile: join(WORK, 'time.out'),
  })
  const report = JSON.parse(await readFile(join(WORK, `eval-reports/${benchmark}.json`), 'utf8')) as Report
  if (run.exitCode !== 0 || report.counts.right !== SAMPLES || report.durationMs === null) {
    throw new Error(`${benchmark}: exit ${run.exitCode}, counts ${JSON.stringify(report.counts)}\n${run.stdout.slice(-2000)}`)
  }
  return report.durationMs
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!

await writeProject()
const server = await startFakeServer({
  latencyMs: LATENCY_MS,
  reply: () => JSON.stringify({ reasoning: 'polite enough', verdict: 'pass' }),
})
const floor = Math.ceil(SAMPLES / CONCURRENCY) * LATENCY_MS
const ahead: number[] = []
const inScorer: number[] = []
try {
  for (let round = 1; round <= ROUNDS; round++) {
    ahead.push(await phaseMs('ahead', server.baseURL))
    inScorer.push(await phaseMs('in-scorer', server.baseURL))
    console.log(
      `  round ${round}: judge-only benchmark ${Math.round(ahead.at(-1)!)} ms, toPassJudge in a scorer ${Math.round(inScorer.at(-1)!)} ms`,
    )
  }
} finally {
  await server.close()
  await rm(WORK, { recursive: true, force: true })
}
console.log(
  `\njudge throughput: ${SAMPLES} samples, judge latency ${LATENCY_MS} ms, judge concurrency ${CONCURRENCY} (${availableParallelism()} CPUs, Node ${process.version})`,
)
console.log(`  judge floor (ceil(N / concurrency) × latency): ${floor} ms`)
console.log(`  judge-only benchmark, judged ahead:  ${Math.round(median(ahead))} ms (×${(median(ahead) / floor).toFixed(2)} the floor)`)
console.log(
  `  toPassJudge in a scorer, per test:   ${Math.round(median(inScorer))} ms (×${(median(inScorer) / floor).toFixed(2)} the floor)`,
)
