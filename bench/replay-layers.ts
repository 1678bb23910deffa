import { mkdir, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildPackage } from '../scripts/build.ts'
import { startFakeServer } from '../test/support/openai-server.ts'
import { writeFixture } from './overhead/fixture.ts'
import { TASK_BENCHMARK, trivialTestFile } from './overhead/test-files.ts'
import { runChild } from './overhead/run-child.ts'

const REPO = fileURLToPath(new URL('..', import.meta.url))
const WORK = join(REPO, 'bench/results/work-layers')
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs')
const SAMPLES = 5000
const ROUNDS = 5

/** Each layer adds one thing to the one before: the plugin, then a benchmark, then replaying a model from its recordings. */
async function writeLayers(): Promise<Record<string, string>> {
  const trivial = join(WORK, 'trivial')
  await mkdir(join(trivial, 'test'), { recursive: true })
  await writeFile(join(trivial, 'package.json'), `${JSON.stringify({ name: 'bench-trivial', private: true, type: 'module' })}\n`)
  await writeFile(join(trivial, 'vitest.config.ts'), `import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({})\n`)
  await writeFile(join(trivial, 'test/trivial.test.ts'), trivialTestFile(SAMPLES))
  const plugin = await writeFixture(join(WORK, 'plugin'), REPO, SAMPLES, 16, true)
  await writeFile(join(plugin.dir, 'evals/bench.eval.ts'), trivialTestFile(SAMPLES))
  const task = await writeFixture(join(WORK, 'task'), REPO, SAMPLES, 16, true)
  await writeFile(join(task.dir, 'evals/bench.eval.ts'), TASK_BENCHMARK)
  const replay = await writeFixture(join(WORK, 'replay'), REPO, SAMPLES, 16, true)
  const server = await startFakeServer()
  try {
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'x', EVALSUITE_RECORDINGS: 'record', CI: 'true' }
    const recorded = await runChild(process.execPath, [VITEST, 'run'], { cwd: replay.dir, env, rssFile: join(replay.dir, 'time.out') })
    if (recorded.exitCode !== 0) throw new Error(`recording the replay layer failed:\n${recorded.stdout.slice(-3000)}`)
  } finally {
    await server.close()
  }
  return { 'trivial tests': trivial, '+ plugin': plugin.dir, '+ task benchmark': task.dir, '+ replayed model': replay.dir }
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!

async function main(): Promise<void> {
  console.log(
    `replay layers: ${SAMPLES} tests each, ${ROUNDS} alternating rounds (${availableParallelism()} CPUs, Node ${process.version})`,
  )
  await buildPackage()
  await rm(WORK, { recursive: true, force: true })
  try {
    const layers = await writeLayers()
    const runs = new Map<string, { wallMs: number; cpuMs: number | null }[]>(Object.keys(layers).map((name) => [name, []]))
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, dir] of Object.entries(layers)) {
        const env = { CI: 'true', NO_COLOR: '1', EVALSUITE_RECORDINGS: 'replay' }
        const run = await runChild(process.execPath, [VITEST, 'run'], { cwd: dir, env, rssFile: join(dir, 'time.out') })
        if (run.exitCode !== 0) throw new Error(`${name} exited with ${run.exitCode}:\n${run.stdout.slice(-3000)}`)
        runs.get(name)!.push({ wallMs: run.processMs, cpuMs: run.cpuMs })
      }
    }
    const baseline = runs.get('trivial tests')!
    for (const [name, rounds] of runs) {
      const wall = rounds.map((r, i) => r.wallMs / baseline[i]!.wallMs)
      const cpu = rounds.every((r) => r.cpuMs !== null) ? rounds.map((r, i) => r.cpuMs! / baseline[i]!.cpuMs!) : null
      const spread = (ratios: number[]): string => `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`
      const cpuText = cpu ? `, CPU ×${median(cpu).toFixed(3)} (${spread(cpu)})` : ''
      console.log(
        `  ${name.padEnd(18)} ${Math.round(median(rounds.map((r) => r.wallMs)))} ms, wall ×${median(wall).toFixed(3)} (${spread(wall)})${cpuText}`,
      )
    }
  } finally {
    await rm(WORK, { recursive: true, force: true })
  }
}

await main()
