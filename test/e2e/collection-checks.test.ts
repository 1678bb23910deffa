import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { FIXTURE, runVitest } from './run-fixture.ts'

let server: FakeServer
beforeAll(async () => {
  server = await startFakeServer()
})
afterAll(() => server.close())

// what Vitest and evalsuite print, one line each, without colour or the stack
const said = (run: { stdout: string; stderr: string }): string => `${run.stdout}\n${run.stderr}`

it('fails a gate on a misspelt metric at collection, naming the metric meant, before a single model call', async () => {
  const run = await runVitest(['misspelt-gate'], { OPENAI_BASE_URL: server.baseURL })
  expect(run.code).toBe(1)
  expect(server.requestCount).toBe(0)
  expect(said(run)).toContain('option "thresholds.acuracy" names "acuracy", which the benchmark does not emit; did you mean "accuracy"?')
  // the only eval file failed to load, and the verdict says so
  expect(run.stdout).toMatch(
    /evalsuite: FAIL, no benchmark ran\n {3}- failed outside scoring: evals\/misspelt-gate\.eval\.ts: describeBenchmark\("misspelt-gate"\) at evals\/misspelt-gate\.eval\.ts:4: option "thresholds\.acuracy"/,
  )
})

it("refuses a scorer's gate that misspells a metric the project declares, naming the declared one", async () => {
  const run = await runVitest(['misspelt-own'])
  expect(run.code).toBe(1)
  expect(said(run)).toContain(
    `option "thresholds.tool_call" names "tool_call"; did you mean "tool_calls"? (if your scorer emits "tool_call", declare it: evalsuite({ metricDefinitions: { tool_call: { direction: 'higher' } } }))`,
  )
})

it('fails a missing data file at collection, saying which folder its path is relative to', async () => {
  const run = await runVitest(['missing-data'], { OPENAI_BASE_URL: server.baseURL })
  expect(run.code).toBe(1)
  expect(server.requestCount).toBe(0)
  const relative = `data/gsm8k-mini.jsonll: file not found (paths are relative to the working directory, ${FIXTURE.replace(/\/$/, '')})`
  expect(said(run)).toContain(relative)
  expect(run.stdout).toContain(
    `evalsuite: FAIL, no benchmark ran\n   - failed outside scoring: evals/missing-data.eval.ts: Invalid dataset:\n     ${relative}`,
  )
})

it('refuses samples without a reference answer at collection when no judge grades them alone, before a model call', async () => {
  const run = await runVitest(['reference-free'], { OPENAI_BASE_URL: server.baseURL })
  expect(run.code).toBe(1)
  expect(server.requestCount).toBe(0)
  expect(said(run)).toContain('3 samples (the first "')
  expect(said(run)).toMatch(
    /"\) have no reference: needs a judge; give the benchmark a judge that grades alone \(judge: \{ definition, policy: "judge-only" \}\), or add the reference answers \(map their field with the "target" field option\)\./,
  )
})
