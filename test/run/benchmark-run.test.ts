import { describe, expect, it } from 'vitest'
import { resolveNamed } from '../../src/benchmark/resolve-benchmark.ts'
import { parseProvidedJudgeSettings } from '../../src/judge/index.ts'
import type { Model } from '../../src/model/index.ts'
import { createBenchmarkRun, type RunSettings, type SampleTest } from '../../src/run/index.ts'
import { evalsuiteMetaOf, META_KEY, type SampleMeta } from '../../src/schema/index.ts'

const model: Model = {
  name: 'm',
  generate: async (messages) => ({ text: `ANSWER: ${String(messages.at(-1)?.content).toUpperCase()}`, latencyMs: 1 }),
}
const dataset = [
  { id: 'a', input: 'x', target: 'X' },
  { id: 'b', input: 'y', target: 'wrong' },
]
const settings: RunSettings = {
  judge: parseProvidedJudgeSettings(undefined),
  recording: { mode: 'live', dir: '', fromEnvironment: false },
  gates: undefined,
  annotateSamples: false,
}

// a test as a runner other than Vitest could make one: the run's policy does not need Vitest to run a sample
function sampleTest(meta: SampleMeta): SampleTest & { ended: string } {
  const test = {
    ended: 'passed',
    meta: { [META_KEY]: meta },
    name: meta.sampleId,
    file: 'evals/b.eval.ts',
    signal: new AbortController().signal,
    retrying: false,
    task: {},
    get expect(): never {
      throw new Error('no scorer reads expect here')
    },
    annotate: async () => undefined,
    isLastAttempt: () => true,
    skip: (note: string): never => {
      test.ended = `skipped: ${note}`
      throw new Error(note)
    },
    skipWithReason: async (type: string): Promise<never> => {
      test.ended = type
      throw new Error(type)
    },
  }
  return test
}

describe('createBenchmarkRun', () => {
  it('declares the only samples to run alone, with the gate tests, and the others as usual', async () => {
    const run = createBenchmarkRun(resolveNamed('b', { dataset, model, only: ['a'] }, undefined, undefined), settings)
    const prepared = await run.prepare()
    expect(prepared.tests.map((planned) => [planned.meta.sampleId, planned.mode])).toEqual([
      ['a', 'only'],
      ['b', 'run'],
    ])
    expect(prepared.gatesOnly).toBe(true)
    expect(prepared.emptyShard).toBeUndefined()
  })

  it('runs and scores a sample in a test of any runner, and leaves its duration on the benchmark record', async () => {
    const run = createBenchmarkRun(resolveNamed('b', { dataset, model, maxErrors: 1 }, undefined, undefined), settings)
    const prepared = await run.prepare()
    const tests = prepared.tests.map((planned) => ({ planned, test: sampleTest({ ...planned.meta }) }))
    prepared.begin(
      undefined,
      tests.map(({ test }) => test.meta),
    )
    for (const { planned, test } of tests) await prepared.runTest(test, planned.entry).catch(() => undefined)
    expect(tests.map(({ test }) => test.ended)).toEqual(['passed', expect.stringMatching(/^skipped: wrong answer/)])
    expect(tests.map(({ test }) => evalsuiteMetaOf(test.meta))).toMatchObject([
      { status: 'scored', output: 'ANSWER: X' },
      { status: 'scored', output: 'ANSWER: Y' },
    ])
    const record = { [META_KEY]: { ...run.meta } }
    prepared.end(record)
    expect(evalsuiteMetaOf(record)).toMatchObject({ kind: 'benchmark', durationMs: expect.any(Number) })
  })
})
