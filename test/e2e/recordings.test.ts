import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { FIXTURE, readReport, runVitest, scoreRows, spawnVitest } from './run-fixture.ts'

const RECORDINGS = join(FIXTURE, 'recordings')
const FILE = join(RECORDINGS, 'recorded.jsonl')
const SECRET = 'sk-test-never-written-0123456789'

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('recorded model calls', () => {
  let server: FakeServer
  let env: Record<string, string>

  beforeAll(async () => {
    await rm(RECORDINGS, { recursive: true, force: true })
    server = await startFakeServer()
    env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: SECRET }
  })
  afterAll(async () => {
    await server.close()
    await rm(RECORDINGS, { recursive: true, force: true })
  })

  it('records every call of a run, one sorted line each, without the key', async () => {
    const run = await runVitest(['recorded'], { ...env, EVALSUITE_RECORDINGS: 'record' })
    expect(run.code).toBe(0)
    expect(server.requestCount).toBe(10)
    const keys = readFileSync(FILE, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).key as string)
    expect(keys).toHaveLength(10)
    expect(keys).toEqual([...keys].sort())
    expect(readdirSync(RECORDINGS)).toEqual(['recorded.jsonl'])
  })

  it('replays without a single request to the endpoint, scoring exactly as the recorded run', async () => {
    const recorded = await readReport('recorded')
    const before = server.requestCount
    const run = await runVitest(['recorded'], { ...env, EVALSUITE_RECORDINGS: 'replay' })
    expect(run.code).toBe(0)
    expect(server.requestCount).toBe(before)
    const replayed = await readReport('recorded')
    expect(replayed.samples.map((s) => [s.id, s.status, s.extracted])).toEqual(recorded.samples.map((s) => [s.id, s.status, s.extracted]))
    expect(scoreRows(replayed)).toEqual(scoreRows(recorded))
  })

  it('in replay mode fails a sample whose call was never recorded, with the command that records that sample alone, and calls nothing', async () => {
    const lines = readFileSync(FILE, 'utf8').trim().split('\n')
    const before = server.requestCount
    writeFileSync(FILE, `${lines.slice(1).join('\n')}\n`)
    const run = await runVitest(['recorded'], { ...env, EVALSUITE_RECORDINGS: 'replay' })
    expect(run.code).toBe(1)
    expect(server.requestCount).toBe(before)
    const report = await readReport('recorded')
    expect(report.counts.errored).toBe(1)
    const errored = report.samples.find((s) => s.status === 'errored')
    expect(errored?.error).toContain(`No recording of this call (key ${JSON.parse(lines[0]!).key})`)
    const command = /\nRecord this sample: EVALSUITE_RECORDINGS=auto npx vitest run (\S+) -t '([^']+)'$/.exec(errored!.error!)
    expect(command?.slice(1)).toEqual(['evals/recorded.eval.ts', `recorded( >)? ${errored!.id}: `])
    // the command does what it says: one call, for that sample, and the replay then passes
    const recording = await runVitest([command![1]!, '-t', command![2]!], { ...env, EVALSUITE_RECORDINGS: 'auto' })
    expect(recording.code).toBe(0)
    expect(server.requestCount).toBe(before + 1)
    expect((await runVitest(['recorded'], { ...env, EVALSUITE_RECORDINGS: 'replay' })).code).toBe(0)
    // three child runs one after the other: on two loaded cores each takes up to 20 s
  }, 120_000)

  it('after a run killed half-way, requests again only what had not been answered', async () => {
    await rm(RECORDINGS, { recursive: true, force: true })
    server.setLatency(150)
    const before = server.requestCount
    const child = spawnVitest(['recorded'], { ...env, EVALSUITE_RECORDINGS: 'auto' })
    const journaled = (): string[] =>
      existsSync(RECORDINGS)
        ? filesUnder(RECORDINGS).flatMap((f) =>
            readFileSync(f, 'utf8')
              .split('\n')
              .filter((l) => l.endsWith('}')),
          )
        : []
    await vi.waitFor(() => expect(journaled().length).toBeGreaterThanOrEqual(4), { timeout: 20_000, interval: 10 })
    child.kill('SIGKILL')
    await child.done
    server.setLatency(0)
    const answered = new Set(journaled().map((line) => JSON.parse(line).messages.at(-1).content as string))
    expect(answered.size).toBeGreaterThanOrEqual(4)
    expect(answered.size).toBeLessThan(10)

    const afterKill = server.requestCount
    const rerun = await runVitest(['recorded'], { ...env, EVALSUITE_RECORDINGS: 'auto' })
    expect(rerun.code).toBe(0)
    const asked = server.requests.slice(afterKill).map((r) => r.messages.at(-1)?.content as string)
    expect(asked.filter((content) => answered.has(content))).toEqual([])
    expect(asked.length + answered.size).toBe(10)
    expect(afterKill - before).toBeGreaterThanOrEqual(answered.size)
    expect(readdirSync(RECORDINGS)).toEqual(['recorded.jsonl'])
  })

  it('writes the API key into no file it creates', () => {
    const written = [...filesUnder(RECORDINGS), ...filesUnder(join(FIXTURE, 'eval-reports'))]
    expect(written.length).toBeGreaterThan(1)
    expect(written.filter((file) => readFileSync(file, 'utf8').includes(SECRET))).toEqual([])
  })
})
