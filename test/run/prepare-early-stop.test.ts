import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { benchmarkMeta } from '../../src/benchmark/index.ts'
import { resolveNamed } from '../../src/benchmark/resolve-benchmark.ts'
import { judge } from '../../src/judge/index.ts'
import type { Model } from '../../src/model/index.ts'
import { baselineFileOf } from '../../src/baseline/index.ts'
import { gateTests } from '../../src/gates/index.ts'
import { prepareEarlyStop } from '../../src/run/prepare-early-stop.ts'

const root = await mkdtemp(join(tmpdir(), 'evalsuite-early-stop-'))
afterAll(() => rm(root, { recursive: true, force: true }))

const judgeModel: Model = { name: 'judge', generate: async () => ({ text: '', latencyMs: 0 }) }
const ids = Array.from({ length: 300 }, (_, i) => `s${i + 1}`)

it('watches the metric the regression gate watches: the grade of a judge that grades alone, read from the baseline', async () => {
  const gates = { root, baselines: { dir: 'baselines' }, updateMode: 'new' }
  // no metric named: a numeric judge grading alone stands for the benchmark, with its grade ("score")
  const resolved = resolveNamed(
    'graded',
    {
      dataset: ids.map((id) => ({ id, input: 'q', target: 'a' })),
      task: () => 'a',
      judge: { model: judgeModel, definition: judge.numeric({ prompt: 'How good, 0 to 1?', min: 0, max: 1 }) },
      regression: { maxDrop: 0.05 },
      earlyStop: true,
    },
    undefined,
    undefined,
    gates,
  )
  const meta = benchmarkMeta(resolved)
  const file = baselineFileOf('graded', root, 'baselines')
  await mkdir(dirname(file), { recursive: true })
  const scores = Object.fromEntries(ids.map((id) => [id, 1]))
  await writeFile(
    file,
    `${JSON.stringify({ version: 1, benchmark: 'graded', models: { [meta.model]: { metrics: { score: scores } } } })}\n`,
  )

  const regression = gateTests(meta).find((planned) => planned.kind === 'regression')
  expect(regression).toMatchObject({ metric: 'score' })
  const start = await prepareEarlyStop(resolved, meta, gates)
  let stopped = false
  const early = start!(
    ids.map((id) => ({ key: id, sampleId: id })),
    { stop: () => void (stopped = true) } as unknown as Parameters<NonNullable<typeof start>>[1],
  )
  // every grade fell from 1 to 0: the early stop sees the drop on the baseline's grades, as the gate will
  for (const id of ids) early.record(id, { score: 0, accuracy: 1 })
  expect(stopped).toBe(true)
  expect(early.gates).toMatchObject([{ metric: 'score', bound: 'maxDrop', decision: 'fail' }])
})
