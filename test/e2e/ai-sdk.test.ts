import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startProviderServer, type ProviderServer } from '../support/provider-server.ts'
import { FIXTURE, readReport, runVitest } from './run-fixture.ts'

const SECRET = 'plain-secret-of-anthropic-0123456789'
let server: ProviderServer

/** `actual` with each number replaced by the expected one where they differ by at most 0.1, for a deep comparison. */
function withinTenth(actual: unknown, expected: unknown): unknown {
  if (typeof actual === 'number' && typeof expected === 'number') return Math.abs(actual - expected) <= 0.1 + 1e-9 ? expected : actual
  if (Array.isArray(actual) && Array.isArray(expected)) return actual.map((item, index) => withinTenth(item, expected[index]))
  if (typeof actual !== 'object' || actual === null || typeof expected !== 'object' || expected === null) return actual
  return Object.fromEntries(
    Object.entries(actual).map(([key, value]) => [key, withinTenth(value, (expected as Record<string, unknown>)[key])]),
  )
}

beforeAll(async () => {
  server = await startProviderServer({
    wire: 'anthropic',
    // every third request is overloaded once: the run retries it and loses nothing
    fault: (index) => (index % 3 === 0 ? { status: 529, message: 'Overloaded' } : undefined),
    reply: (request) => {
      const asked = JSON.stringify(request.body.messages)
      return { text: /Reply with: (\w+)/.exec(asked)?.[1] ?? '', usage: { input: 20, output: 2 } }
    },
  })
})
afterAll(() => server.close())

it("runs a benchmark on models.aiSdk(anthropic(...)) against the provider's server, records it, and replays it with no request, no key and the same report", async () => {
  const live = await runVitest(['ai-sdk'], {
    ANTHROPIC_BASE_URL: server.baseURL,
    ANTHROPIC_API_KEY: SECRET,
    EVALSUITE_RECORDINGS: 'record',
  })
  expect(live.code).toBe(0)
  expect(server.requests.every((request) => request.headers['x-api-key'] === SECRET && request.stream)).toBe(true)
  const requests = server.requests.length
  // 6 samples, and one retry for each third request
  expect(requests).toBe(8)
  const recorded = await readReport('ai-sdk')
  expect(recorded.counts).toEqual({ samples: 6, right: 5, wrong: 1, errored: 0, skipped: 0 })
  expect(recorded.costUsd).toBeCloseTo(6 * (20 * 3 + 2 * 15) * 1e-6, 9)
  const file = readFileSync(join(FIXTURE, 'recordings', 'ai-sdk.jsonl'), 'utf8')
  expect(file).not.toContain(SECRET)
  expect(
    file
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).params),
  ).toEqual(Array(6).fill({ temperature: 0, maxOutputTokens: 64 }))

  const replay = await runVitest(['ai-sdk'], { EVALSUITE_RECORDINGS: 'replay' })
  expect(replay.code).toBe(0)
  expect(server.requests).toHaveLength(requests)
  // what differs is the run's own time: when it ran, how long, and the throughput a replay (which waits on nothing) has none of
  const { createdAt: _replayedAt, durationMs: _replayedIn, outputTokensPerSecond, ...replayed } = await readReport('ai-sdk')
  const { createdAt: _recordedAt, durationMs: _recordedIn, outputTokensPerSecond: _throughput, ...before } = recorded
  expect(outputTokensPerSecond).toBeNull()
  // a recording keeps latencies to a tenth of a millisecond: the replayed figures are the live ones, so rounded
  expect(withinTenth(replayed, before)).toEqual(before)
}, 60_000)

it('loads the built package where "ai" is not installed, and says to install it when models.aiSdk is first called', async () => {
  // a resolve hook plays a project without `ai`: the specifier fails as Node fails a package that is not there
  const hook = `data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
    if (specifier === 'ai') throw Object.assign(new Error("Cannot find package 'ai' imported from " + context.parentURL), { code: 'ERR_MODULE_NOT_FOUND' })
    return next(specifier, context)
  }`)}`
  const script = `
    import { register } from 'node:module'
    register(${JSON.stringify(hook)})
    const { models } = await import(${JSON.stringify(new URL('../../dist/index.js', import.meta.url).href)})
    const languageModel = { specificationVersion: 'v3', provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5', doGenerate() {}, doStream() {} }
    const error = await models.aiSdk(languageModel).generate([{ role: 'user', content: 'Hi' }]).catch((caught) => caught)
    console.log(JSON.stringify({ name: error.name, message: error.message }))
  `
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script])
  expect(JSON.parse(stdout)).toEqual({
    name: 'ConfigError',
    message: 'models.aiSdk(anthropic.messages "claude-sonnet-4-5") needs the "ai" package (the AI SDK, major 6 or 7): npm install ai',
  })
})
