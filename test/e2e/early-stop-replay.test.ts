import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { copyFixture } from '../support/fixture-copy.ts'
import { readReport, runVitest } from './run-fixture.ts'

// a copy, since the live run writes its recordings into it
describe('an early-stopped run replayed from its recordings', () => {
  const project = copyFixture('early-stop-replay')
  let server: FakeServer
  let env: Record<string, string>
  beforeAll(async () => {
    server = await startFakeServer()
    env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-0123456789' }
  })
  afterAll(() => server.close())

  it('stops at the same sample as the live run that recorded it, given the seed, without a request', async () => {
    const live = await runVitest(['evals'], { ...env, EVALSUITE_RECORDINGS: 'record' }, project)
    expect(live.code).toBe(0)
    const recorded = await readReport('stops-replayed', project)
    expect(recorded.earlyStop?.reason).toMatch(/^decided after \d+ of 1,000 samples: accuracy ≥ 80%/)
    const requests = server.requestCount
    const replay = await runVitest(['evals'], { ...env, EVALSUITE_RECORDINGS: 'replay' }, project)
    expect(replay.code).toBe(0)
    expect(server.requestCount).toBe(requests)
    const replayed = await readReport('stops-replayed', project)
    expect(replayed.earlyStop?.reason).toBe(recorded.earlyStop?.reason)
    expect(replayed.earlyStop?.gates).toEqual(recorded.earlyStop?.gates)
    const notRun = (report: typeof recorded): string[] =>
      report.samples.filter((sample) => sample.notRun === 'early-stop').map((sample) => sample.id)
    expect(notRun(replayed)).toEqual(notRun(recorded))
  })
})
