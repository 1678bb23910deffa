import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { readReport, runVitest, scoreRows } from './run-fixture.ts'

let server: FakeServer
beforeAll(async () => {
  server = await startFakeServer()
})
afterAll(() => server.close())

// a small deterministic generator, so that the faults fall the same way on every run
function faultPlan(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

it('loses and double-counts no sample when 10% of calls fail with HTTP 500 and 5% with 429', async () => {
  const clean = await runVitest(['faults'], { OPENAI_BASE_URL: server.baseURL })
  expect(clean.code).toBe(0)
  const cleanReport = await readReport('faults')
  expect(server.requestCount).toBe(2000)

  const random = faultPlan(42)
  let injected = 0
  server.setFault(() => {
    const roll = random()
    if (roll >= 0.15) return undefined
    injected++
    return roll < 0.1 ? { kind: 'status', status: 500 } : { kind: 'status', status: 429, retryAfterSeconds: 0 }
  })
  const before = server.requestCount
  const faulty = await runVitest(['faults'], { OPENAI_BASE_URL: server.baseURL })
  server.setFault(undefined)
  expect(faulty.code).toBe(0)
  const faultyReport = await readReport('faults')

  expect(injected).toBeGreaterThan(200)
  // every fault was retried, and every sample was answered exactly once
  expect(server.requestCount - before).toBe(2000 + injected)
  expect(faultyReport.counts).toEqual(cleanReport.counts)
  expect(faultyReport.counts).toEqual({ samples: 2000, right: 1334, wrong: 666, errored: 0, skipped: 0 })
  expect(scoreRows(faultyReport)).toEqual(scoreRows(cleanReport))
  expect(faultyReport.samples.map((s) => [s.id, s.status])).toEqual(cleanReport.samples.map((s) => [s.id, s.status]))
}, 180_000)
