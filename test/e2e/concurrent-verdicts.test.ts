import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { FIXTURE, readReport, runVitest, spawnVitest } from './run-fixture.ts'

const VERDICTS = join(FIXTURE, 'evals', '__verdicts__')

let server: FakeServer
beforeAll(async () => {
  server = await startFakeServer({ reply: () => JSON.stringify({ reasoning: 'it greets', verdict: 'pass' }) })
})
afterAll(() => server.close())

async function journalWritten(): Promise<void> {
  while (!existsSync(VERDICTS) || !readdirSync(VERDICTS).some((name) => name.endsWith('.pending.jsonl')))
    await new Promise((resolve) => setTimeout(resolve, 50))
}

it(
  "two -u runs of one eval file at once keep each other's verdicts: a replay of either finds every verdict it needs",
  { timeout: 300_000 },
  async () => {
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-concurrent', EVALSUITE_VERDICTS: 'record' }
    // the second run starts once the first has judged samples, and paced slower, saves after it: it sees the first
    // run's verdicts in its journal, which it never used
    const first = spawnVitest(['concurrent-verdicts', '-u'], { ...env, RUN_TAG: 'a', DELAY_MS: '400' })
    await journalWritten()
    const second = spawnVitest(['concurrent-verdicts', '-u'], { ...env, RUN_TAG: 'b', DELAY_MS: '500' })
    const runs = await Promise.all([first.done, second.done])
    expect(runs.map((run) => run.code)).toEqual([0, 0])
    for (const tag of ['a', 'b']) {
      const replay = await runVitest(['concurrent-verdicts'], { ...env, EVALSUITE_VERDICTS: 'replay', RUN_TAG: tag })
      const report = await readReport('concurrent-verdicts')
      const missing = report.samples.filter((sample) => sample.error?.includes('No stored verdict')).map((sample) => sample.id)
      expect([tag, missing, report.counts.errored, report.counts.samples, replay.code]).toEqual([tag, [], 0, 40, 0])
    }
  },
)
