import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { runVitest } from './run-fixture.ts'

let server: FakeServer
beforeAll(async () => {
  server = await startFakeServer()
})
afterAll(() => server.close())

it("holds a model's rpm across eval files that run side by side in worker threads", async () => {
  const run = await runVitest(['shared-rate', '--maxWorkers=2'], { OPENAI_BASE_URL: server.baseURL })
  expect(run.code).toBe(0)
  expect(server.requestCount).toBe(60)
  // 1,200 a minute is 20 a second: a burst of 20 for both files together, then one every 50 ms. So no stretch of
  // time holds more requests than 20 plus one per 50 ms of its length, give or take those that a busy test process
  // takes in together (up to 14 seen at a load of 10 on 2 cores, 17 at a load of 14; 18 allowed here). Two
  // allowances, one per file, would let 40 through at once (more than 38), and the 60 would be done in about half a
  // second, which the last check refuses (one limit takes two seconds; a loaded machine can delay the first arrivals
  // and shorten the span it shows).
  const times = server.arrivals.map((arrival) => arrival.at)
  const crowded: string[] = []
  for (let i = 0; i < times.length; i++) {
    for (let j = i; j < times.length; j++) {
      const allowed = 20 + (times[j]! - times[i]!) / 50 + 18
      if (j - i + 1 > allowed) crowded.push(`${j - i + 1} requests in ${Math.round(times[j]! - times[i]!)} ms`)
    }
  }
  expect(crowded).toEqual([])
  expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(1250)
})
