import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { closeServers, startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { FIXTURE, readReport, runVitest } from './run-fixture.ts'

let server: FakeServer | undefined
let other: Server | undefined
afterEach(async () => {
  await closeServers(server, other)
  server = undefined
  other = undefined
})

it('ends a run against an endpoint that stalls every reply after stopAfterFailures timeouts, each error naming the host', async () => {
  server = await startFakeServer({ fault: () => ({ kind: 'stall' }) })
  const host = new URL(server.baseURL).host
  const started = performance.now()
  const run = await runVitest(['stalled-endpoint'], { OPENAI_BASE_URL: server.baseURL })
  expect(run.code).toBe(1)
  // four in flight at a time: the first wave, and the two sent after the first two failures
  expect(server.requestCount).toBeLessThanOrEqual(4 + 3 - 1)
  const report = await readReport('stalled-endpoint')
  expect(report.counts).toEqual({ samples: 30, right: 0, wrong: 0, errored: 30, skipped: 0 })
  const called = report.samples.filter((sample) => !sample.error?.includes('Not called'))
  expect(called.length).toBe(server.requestCount)
  for (const sample of called) expect(sample.error).toMatch(/^ModelError: Model "fake-model" failed: timed out after 0\.3 s \(timeoutMs\)/)
  for (const sample of report.samples) expect(sample.error).toContain(host)
  expect(report.samples.at(-1)?.error).toMatch(
    /Not called: the last \d+ calls failed in a row, so the endpoint looks down\. The last error: .*timed out/,
  )
  // a generous bound: thirty sequential waits of the test timeout would take ten minutes
  expect(performance.now() - started).toBeLessThan(60_000)
}, 120_000)

it("errors the samples of an endpoint that redirects, instead of scoring the other address's page, and records nothing", async () => {
  let visits = 0
  other = createServer((_, res) => {
    visits++
    res.end('<html><body>Moved here</body></html>')
  })
  await new Promise<void>((done) => other!.listen(0, '127.0.0.1', done))
  const elsewhere = `127.0.0.1:${(other.address() as AddressInfo).port}`
  server = await startFakeServer({ fault: () => ({ kind: 'redirect', status: 301, location: `http://${elsewhere}/v1/chat/completions` }) })
  const run = await runVitest(['redirected-endpoint'], { OPENAI_BASE_URL: server.baseURL, EVALSUITE_RECORDINGS: 'record' })
  expect(run.code).toBe(1)
  const report = await readReport('redirected-endpoint')
  expect(report.counts).toEqual({ samples: 3, right: 0, wrong: 0, errored: 3, skipped: 0 })
  expect(report.samples[0]?.error).toContain(`redirected (HTTP 301) to ${elsewhere}; set baseURL to the final address`)
  expect(visits).toBe(0)
  expect(existsSync(join(FIXTURE, 'recordings', 'redirected-endpoint.jsonl'))).toBe(false)
}, 120_000)
