/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads the Anthropic requests the AI SDK sent, in their own shape */
import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Report } from '../../src/schema/index.ts'
import { startProviderServer, type ProviderServer, type ReceivedRequest, type ScriptedReply } from '../support/provider-server.ts'
import { FIXTURE, readReport, runVitest } from './run-fixture.ts'

const RECORDINGS = join(FIXTURE, 'recordings')
const RUNS = join(FIXTURE, 'claude-tools-tool-runs.log')
const SECRET = 'plain-secret-of-anthropic-agent-0123456789'

const toolRuns = (): number => (existsSync(RUNS) ? readFileSync(RUNS, 'utf8').trim().split('\n').filter(Boolean).length : 0)

// the text of each tool_result block the AI SDK sent back, in order
function toolResults(request: ReceivedRequest): string[] {
  const blocks: any[] = (request.body.messages ?? []).flatMap((message: any) => (Array.isArray(message.content) ? message.content : []))
  return blocks
    .filter((block) => block.type === 'tool_result')
    .map((block) => (typeof block.content === 'string' ? block.content : block.content.map((part: any) => part.text ?? '').join('')))
}

// the agent's model, in Anthropic's tool use: searches for the country, looks its capital up twice at once (two
// different calls, so each has its own recording and its own time), answers
function agentReply(request: ReceivedRequest): ScriptedReply {
  const results = toolResults(request)
  const usage = { input: 30 + 10 * results.length, output: 8 }
  if (results.length === 0) {
    const country = request.body.messages[0].content.map((part: any) => part.text).join('')
    return { text: 'Searching.', toolCalls: [{ name: 'search', arguments: JSON.stringify({ country }) }], usage }
  }
  if (results.length === 1)
    return {
      toolCalls: [{ id: results[0] }, { id: results[0], language: 'fr' }].map((args) => ({
        name: 'lookup',
        arguments: JSON.stringify(args),
      })),
      usage,
    }
  return { text: `The capital is ${results.at(-1)}.`, usage }
}

// a report as a replay must give it back: without when and how long the run took, the throughput (a replay waits on
// nothing), the latencies (a recording keeps them to a tenth of a millisecond: compared apart) and the mark of a
// replayed tool result
function comparable(report: Report): unknown {
  const { createdAt: _at, durationMs: _took, outputTokensPerSecond: _throughput, latencyMs: _latency, metrics, ...rest } = report
  return {
    ...rest,
    metrics: metrics.filter((row) => report.catalog[row.metric]?.kind !== 'usage' || !row.metric.includes('latency')),
    samples: report.samples.map(({ latencyMs: _latency, trajectory, ...sample }) => ({
      ...sample,
      trajectory: trajectory && {
        ...trajectory,
        steps: trajectory.steps.map(({ latencyMs: _model, toolResults: results, ...step }) => ({
          ...step,
          toolResults: results.map(({ durationMs: _tool, replayed: _replayed, ...result }) => result),
        })),
      },
    })),
  }
}

let server: ProviderServer

beforeAll(async () => {
  await rm(RECORDINGS, { recursive: true, force: true })
  await rm(RUNS, { force: true })
  server = await startProviderServer({ wire: 'anthropic', reply: agentReply })
})
afterAll(async () => {
  await server.close()
  await rm(RECORDINGS, { recursive: true, force: true })
  await rm(RUNS, { force: true })
})

it("runs an agent benchmark (tools, three steps) on models.aiSdk(createAnthropic(...)) against a server speaking Anthropic's tool use, and replays it with no request, no tool run and the same report", async () => {
  const live = await runVitest(['claude-tools'], {
    ANTHROPIC_BASE_URL: server.baseURL,
    ANTHROPIC_API_KEY: SECRET,
    EVALSUITE_RECORDINGS: 'record',
  })
  expect(live.code, live.stdout + live.stderr).toBe(0)
  // 3 samples x 3 steps; a search and two lookups a sample
  expect(server.requests).toHaveLength(9)
  expect(
    server.requests.every(
      (request) => request.headers['x-api-key'] === SECRET && request.body.tools?.map((tool: any) => tool.name).join() === 'search,lookup',
    ),
  ).toBe(true)
  expect(toolRuns()).toBe(9)
  const recorded = await readReport('claude-tools')
  expect(recorded.counts).toEqual({ samples: 3, right: 3, wrong: 0, errored: 0, skipped: 0 })
  expect(
    recorded.samples.map((sample) => [
      sample.id,
      sample.output,
      sample.trajectory?.ended,
      sample.trajectory?.steps.map((step) => step.toolCalls.map((call) => call.name)),
    ]),
  ).toEqual(
    ['fr', 'jp', 'pe'].map((id, i) => [
      id,
      `The capital is ${['Paris', 'Tokyo', 'Lima'][i]}.`,
      'reply',
      [['search'], ['lookup', 'lookup'], []],
    ]),
  )
  expect(recorded.samples[0]!.trajectory?.steps[1]?.toolResults.map((result) => result.output)).toEqual(['Paris', 'Paris'])
  expect(recorded.samples[0]!.trajectory?.steps[0]?.usage).toMatchObject({ inputTokens: 30, outputTokens: 8 })
  expect(readFileSync(join(RECORDINGS, 'claude-tools.tools.jsonl'), 'utf8')).not.toContain(SECRET)

  const replay = await runVitest(['claude-tools'], { EVALSUITE_RECORDINGS: 'replay' })
  expect(replay.code, replay.stdout + replay.stderr).toBe(0)
  expect(server.requests).toHaveLength(9)
  expect(toolRuns()).toBe(9)
  const replayed = await readReport('claude-tools')
  expect(
    replayed.samples.every((sample) => sample.trajectory?.steps.every((step) => step.toolResults.every((result) => result.replayed))),
  ).toBe(true)
  expect(comparable(replayed)).toEqual(comparable(recorded))
  // a sample's latency is its steps' (model calls, then the slowest tool of each step), as the recording kept them
  const latencies = (report: Report): number[] => [
    ...report.samples.map((sample) => sample.latencyMs ?? 0),
    ...Object.values(report.latencyMs ?? {}),
  ]
  const recordedLatencies = latencies(recorded)
  expect(recordedLatencies.every((latency) => latency > 0)).toBe(true)
  // each step's to a tenth in the recording, and the row's to a tenth in the report
  expect(latencies(replayed).filter((latency, i) => Math.abs(latency - recordedLatencies[i]!) > 0.3)).toEqual([])
}, 60_000)
