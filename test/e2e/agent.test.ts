import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/schema/index.ts'
import { startFakeServer, type ChatRequest, type FakeServer } from '../support/openai-server.ts'
import { htmlTests, readHtmlReport } from '../support/html-report.ts'
import { FIXTURE, readReport, runVitest, scoreRows } from './run-fixture.ts'

const RECORDINGS = join(FIXTURE, 'recordings')
const RUNS = join(FIXTURE, 'agent-tool-runs.log')

const toolRuns = (): number => (existsSync(RUNS) ? readFileSync(RUNS, 'utf8').trim().split('\n').filter(Boolean).length : 0)
const toolMessages = (request: ChatRequest) => request.messages.filter((message) => message.role === 'tool')

// the agent's model: searches for the country, looks its capital up twice at once, then answers with the name
function agentCalls(request: ChatRequest): { name: string; arguments: string }[] | undefined {
  const results = toolMessages(request)
  if (request.tools === undefined) return undefined
  if (results.length === 0) return [{ name: 'search', arguments: JSON.stringify({ country: request.messages.at(-1)!.content }) }]
  if (results.length === 1) return [0, 1].map(() => ({ name: 'lookup', arguments: JSON.stringify({ id: results[0]!.content }) }))
  return undefined
}

// what the run and its replay must agree on: every sample's outcome and trajectory, without the times
function outcomes(report: Report): unknown {
  return report.samples.map(({ id, status, output, trajectory }) => ({
    id,
    status,
    output,
    steps: trajectory?.steps.map(({ text, toolCalls, toolResults, usage }) => ({
      text,
      toolCalls,
      usage,
      results: toolResults.map(({ toolCallId, name, output: text, error }) => ({ toolCallId, name, text, error })),
    })),
    ended: trajectory?.ended,
  }))
}

// the answer after the tools; without tools (a conversation), the turn it answers and the user's message
function reply(request: ChatRequest): string {
  const result = toolMessages(request).at(-1)
  if (result !== undefined) return `The capital is ${result.content}.`
  return `turn ${request.messages.filter((message) => message.role === 'assistant').length + 1}: ${request.messages.at(-1)!.content}`
}

describe('an agent benchmark (tools, three steps) against a local server', () => {
  let server: FakeServer
  let env: Record<string, string>

  beforeAll(async () => {
    await rm(RECORDINGS, { recursive: true, force: true })
    await rm(RUNS, { force: true })
    server = await startFakeServer({ toolCalls: agentCalls, reply })
    env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-agent' }
  })
  afterAll(async () => {
    await server.close()
    await rm(RECORDINGS, { recursive: true, force: true })
    await rm(RUNS, { force: true })
    await Promise.all(['html', '.vitest'].map((folder) => rm(join(FIXTURE, folder), { recursive: true, force: true })))
  })

  it('runs and records every model call and every tool call, and the scorer sees each trajectory', async () => {
    const run = await runVitest(['agent'], { ...env, EVALSUITE_RECORDINGS: 'record' })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    // agent: 3 samples x 3 calls; agent-limit: 1 sample x 2 calls (maxSteps); conversation: 2 turns; own-agent: none
    expect(server.requestCount).toBe(13)
    expect(toolRuns()).toBe(12)
    const report = await readReport('agent')
    expect(
      report.samples.map((sample) => [sample.id, sample.status, sample.output, sample.trajectory?.ended, sample.trajectory?.steps.length]),
    ).toEqual([
      ['fr', 'right', 'The capital is Paris.', 'reply', 3],
      ['jp', 'right', 'The capital is Tokyo.', 'reply', 3],
      ['pe', 'right', 'The capital is Lima.', 'reply', 3],
    ])
    // the two lookups of a step are the same call (tool, arguments, step): one recording serves both
    expect(readFileSync(join(RECORDINGS, 'agent.tools.jsonl'), 'utf8').trim().split('\n')).toHaveLength(6)
    const limited = (await readReport('agent-limit')).samples[0]!
    expect([limited.status, limited.trajectory?.ended, limited.trajectory?.steps.length]).toEqual(['wrong', 'max-steps', 2])
    const conversation = (await readReport('conversation')).samples[0]!
    expect([conversation.status, conversation.output, conversation.trajectory?.steps.map((step) => step.turn)]).toEqual([
      'right',
      'turn 2: Its capital?',
      [1, 2],
    ])
    // the second turn is asked after the first turn's reply
    expect(
      server.requests
        .find((request) => request.tools === undefined && request.messages.length === 3)
        ?.messages.map((message) => [message.role, message.content]),
    ).toEqual([
      ['user', 'Name a country.'],
      ['assistant', 'turn 1: Name a country.'],
      ['user', 'Its capital?'],
    ])
    const own = (await readReport('own-agent')).samples[0]!
    expect([own.status, own.trajectory?.steps.map((step) => step.toolResults.map((result) => result.output))]).toEqual([
      'right',
      [['42'], []],
    ])
  })

  it('replays with zero model requests and zero tool executions, and an identical report', async () => {
    const recorded = await readReport('agent')
    const [requests, runs] = [server.requestCount, toolRuns()]
    const run = await runVitest(['agent', '--reporter=default', '--reporter=html'], { ...env, EVALSUITE_RECORDINGS: 'replay' })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(server.requestCount).toBe(requests)
    expect(toolRuns()).toBe(runs)
    const replayed = await readReport('agent')
    expect(outcomes(replayed)).toEqual(outcomes(recorded))
    expect(scoreRows(replayed)).toEqual(scoreRows(recorded))
    expect(
      replayed.samples.every((sample) => sample.trajectory?.steps.every((step) => step.toolResults.every((result) => result.replayed))),
    ).toBe(true)
    // the UI and the html report show each step as an annotation, and a loop cut at maxSteps says so
    const tests = htmlTests(readHtmlReport(FIXTURE))
    const france = tests.find((test) => test.path.startsWith('agent > fr:'))!
    const steps = (france.annotations ?? []).filter((annotation) => annotation.type.startsWith('step.'))
    expect(steps.map((annotation) => annotation.type)).toEqual(['step.1', 'step.2', 'step.3'])
    expect(steps[0]!.message).toMatch(/^model [\d.]+ ms\nsearch\(\{"country":"France"\}\) → "c-fr" \(replayed, [\d.]+ ms\)$/)
    const limited = tests.find((test) => test.path.startsWith('agent-limit > '))!
    expect(limited.annotations?.find((annotation) => annotation.type === 'evalsuite:max-steps')?.message).toContain(
      'the tool loop hit maxSteps after 2 steps',
    )
  })

  it('in replay fails a sample whose tool result was never recorded, with the command that records it, running nothing', async () => {
    const file = join(RECORDINGS, 'agent.tools.jsonl')
    const lines = readFileSync(file, 'utf8').trim().split('\n')
    const kept = lines.filter((line) => !(line.includes('"sample":"jp"') && line.includes('"tool":"search"')))
    expect(kept).toHaveLength(lines.length - 1)
    writeFileSync(file, `${kept.join('\n')}\n`)
    const [requests, runs] = [server.requestCount, toolRuns()]
    const run = await runVitest(['agent'], { ...env, EVALSUITE_RECORDINGS: 'replay' })
    expect(run.code).toBe(1)
    expect(server.requestCount).toBe(requests)
    expect(toolRuns()).toBe(runs)
    const report = await readReport('agent')
    const jp = report.samples.find((sample) => sample.id === 'jp')!
    expect(jp.status).toBe('errored')
    expect(jp.error).toContain('No recording of tool "search" at step 1 of sample "jp" with {"country":"Japan"}')
    expect(jp.error).toContain("Record this sample: EVALSUITE_RECORDINGS=auto npx vitest run evals/agent.eval.ts -t 'agent( >)? jp: '")
  })
})
