import { afterEach, expect, it } from 'vitest'
import { startFakeServer, type FakeServer, type FakeServerOptions } from '../support/openai-server.ts'
import { readReport, runVitest } from './run-fixture.ts'

let server: FakeServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function serve(options: FakeServerOptions = {}): Promise<string> {
  server = await startFakeServer(options)
  return server.baseURL
}

it('stops calling at maxCost, and reports the samples left as not run because of it, not as wrong or errored', async () => {
  const run = await runVitest(['cost-budget'], { OPENAI_BASE_URL: await serve() })
  expect(run.code).toBe(0)
  expect(server!.requestCount).toBe(7)
  const report = await readReport('cost-budget')
  expect(report.counts).toEqual({ samples: 20, right: 7, wrong: 0, errored: 0, skipped: 13 })
  expect(report.costLimit).toEqual({ maxCost: 0.03, spentUsd: 0.028, notRun: 13 })
  expect(report.costUsd).toBe(0.028)
  expect(report.samples.filter((s) => s.notRun === 'cost-limit')).toHaveLength(13)
  expect(report.metrics.find((row) => row.metric === 'accuracy')).toMatchObject({ n: 7, value: 1 })
  expect(run.stdout).toContain('cost-budget: maxCost $0.03 reached ($0.028 spent): 13 sample(s) not run')
  expect(run.stdout).toMatch(/cost-budget: latency .*; cost \$0\.028$/m)
})

it("ends a live run cleanly at maxCost when the calls' estimates differ, instead of leaving the samples after it waiting", async () => {
  const run = await runVitest(['uneven-budget'], { OPENAI_BASE_URL: await serve({ latencyMs: 20 }), EVALSUITE_RECORDINGS: 'live' })
  expect(run.code).toBe(0)
  const report = await readReport('uneven-budget')
  expect(report.counts.errored).toBe(0)
  expect(report.counts.right + report.counts.skipped).toBe(30)
  expect(report.samples.filter((s) => s.notRun === 'cost-limit')).toHaveLength(report.counts.skipped)
  expect(run.stdout).toMatch(/uneven-budget: maxCost \$0\.04 reached \(\$[\d.]+ spent\): \d+ sample\(s\) not run/)
})

it('reports the time to first token and the cost of streamed replies, per sample and as percentiles', async () => {
  const run = await runVitest(['streamed'], { OPENAI_BASE_URL: await serve({ latencyMs: 20, streamGapMs: 5 }) })
  expect(run.code).toBe(0)
  const report = await readReport('streamed')
  expect(report.counts.right).toBe(6)
  for (const sample of report.samples) {
    expect(sample.ttftMs).toBeGreaterThanOrEqual(19)
    expect(sample.latencyMs).toBeGreaterThan(sample.ttftMs!)
    // 5 words in and 3 out at $1 and $2 per million
    expect(sample.costUsd).toBeCloseTo(11e-6, 12)
  }
  expect(report.ttftMs!.p50).toBeGreaterThanOrEqual(19)
  expect(report.costUsd).toBe(0.000066)
  expect(report.outputTokensPerSecond).toBeGreaterThan(0)
  expect(run.stdout).toMatch(
    /streamed: latency p50 [\d.]+ ms, .*; TTFT p50 [\d.]+ ms, p90 [\d.]+ ms, p99 [\d.]+ ms; tokens 30 in, 18 out; [\d.]+ output tokens\/s; cost \$0\.000066/,
  )
})

it("answers multiple choice by the option letters' logprobs, and by each option's perplexity", async () => {
  const run = await runVitest(['infer-methods'], { OPENAI_BASE_URL: await serve() })
  expect(run.code).toBe(0)
  const logprobs = await readReport('infer-logprobs')
  expect(logprobs.samples.map((s) => [s.id, s.status, s.extracted])).toEqual([
    ['l1', 'right', 'B'],
    ['l2', 'right', 'A'],
    ['l3', 'wrong', 'C'],
  ])
  const ppl = await readReport('infer-ppl')
  expect(ppl.samples.map((s) => [s.id, s.status, s.extracted])).toEqual([
    ['p1', 'right', 'B'],
    ['p2', 'right', 'A'],
    ['p3', 'wrong', 'C'],
  ])
  expect(server!.requestCount).toBe(3)
  expect(server!.completionRequests).toHaveLength(3)
})

it('errors every sample with one clear message when the endpoint cannot give log-probabilities', async () => {
  const run = await runVitest(['infer-methods'], { OPENAI_BASE_URL: await serve({ logprobs: false, completions: 'none' }) })
  expect(run.code).toBe(1)
  const logprobs = await readReport('infer-logprobs')
  expect(logprobs.counts.errored).toBe(3)
  expect(logprobs.samples[0]!.error).toContain('returned no log-probabilities, so it cannot score choices with inferMethod "logprobs"')
  const ppl = await readReport('infer-ppl')
  expect(ppl.counts.errored).toBe(3)
  expect(ppl.samples[0]!.error).toContain('refused the request (HTTP 404')
})
