import { readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { FIXTURE, readReport, runVitest } from './run-fixture.ts'

interface JsonTest {
  title: string
  status: string
  meta: { evalsuite?: { sampleId: string; attempt?: number; status: string } }
}

function testsOf(file: string): JsonTest[] {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { testResults: Array<{ assertionResults: JsonTest[] }> }
  return report.testResults.flatMap((result) => result.assertionResults)
}

describe('repeated samples', () => {
  const json = join(FIXTURE, 'repeats-report.json')
  afterAll(() => rm(json, { force: true }))

  it('runs one test per attempt, named <id>#<attempt>, each recording the base sample id and its attempt', async () => {
    const run = await runVitest(['repeats', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`])
    expect(run.code).toBe(0)
    // the samples, then the benchmark's gate tests; a wrong attempt ends skipped, not failed
    const tests = testsOf(json)
    expect(tests.filter((t) => t.title.startsWith('gate: ')).map((t) => [t.title, t.status])).toEqual([
      ['gate: errored samples ≤ 0 (maxErrors)', 'passed'],
    ])
    expect(
      tests
        .filter((t) => !t.title.startsWith('gate: '))
        .map((t) => [t.title, t.meta.evalsuite?.sampleId, t.meta.evalsuite?.attempt, t.status]),
    ).toEqual([
      ['r1#0: Say one', 'r1', 0, 'skipped'],
      ['r1#1: Say one', 'r1', 1, 'passed'],
      ['r1#2: Say one', 'r1', 2, 'skipped'],
      ['r2#0: Say two', 'r2', 0, 'passed'],
      ['r2#1: Say two', 'r2', 1, 'passed'],
      ['r2#2: Say two', 'r2', 2, 'passed'],
    ])
    const report = await readReport('repeats')
    expect(report.counts).toEqual({ samples: 6, right: 4, wrong: 2, errored: 0, skipped: 0 })
    expect(report.samples.map((s) => [s.id, s.status])).toEqual([
      ['r1', 'wrong'],
      ['r1', 'right'],
      ['r1', 'wrong'],
      ['r2', 'right'],
      ['r2', 'right'],
      ['r2', 'right'],
    ])
  })

  describe('with recorded model calls', () => {
    let server: FakeServer
    const folder = join(FIXTURE, 'recordings-repeat-calls')
    const recordings = join(folder, 'repeat-calls.jsonl')
    const config = '--config=vitest.repeat-calls.config.ts'

    beforeAll(async () => {
      await rm(folder, { recursive: true, force: true })
      server = await startFakeServer()
    })
    afterAll(async () => {
      await server.close()
      await rm(folder, { recursive: true, force: true })
    })

    it('makes one call per attempt, recorded under keys of their own, and replays them without a call', async () => {
      const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-not-a-real-key-000' }
      const recorded = await runVitest(['repeat-calls', config], { ...env, EVALSUITE_RECORDINGS: 'record' })
      expect(recorded.code).toBe(0)
      expect(server.requestCount).toBe(6)
      const lines = readFileSync(recordings, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { key: string; attempt?: number })
      expect(new Set(lines.map((line) => line.key)).size).toBe(6)
      expect(lines.map((line) => line.attempt).sort()).toEqual([0, 0, 0, 1, 1, 1])

      const replayed = await runVitest(['repeat-calls', config], { ...env, EVALSUITE_RECORDINGS: 'replay' })
      expect(replayed.code).toBe(0)
      expect(server.requestCount).toBe(6)
      expect((await readReport('repeat-calls')).counts).toEqual({ samples: 6, right: 6, wrong: 0, errored: 0, skipped: 0 })
    })
  })
})
