import { readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { FIXTURE, readReport, runVitest, scoreRows } from './run-fixture.ts'

const problems = readFileSync(join(FIXTURE, 'data/humaneval/HumanEval.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { prompt: string; canonical_solution: string })

describe('a HumanEval benchmark against a model that writes code', () => {
  let server: FakeServer
  const folder = join(FIXTURE, 'recordings-code')
  const config = '--config=vitest.code.config.ts'
  // the first problem solved every time, the second on its 2nd and 4th calls, the third never
  const calls = new Map<string, number>()
  const reply = ({ messages }: { messages: { content: unknown }[] }): string => {
    const prompt = String(messages.at(-1)?.content)
    const index = problems.findIndex((problem) => problem.prompt === prompt)
    const call = (calls.get(prompt) ?? 0) + 1
    calls.set(prompt, call)
    const solves = index === 0 || (index === 1 && call % 2 === 0)
    const body = solves ? problems[index]!.canonical_solution : '    return None\n'
    return `Here is the function:\n\n\`\`\`python\n${problems[index]?.prompt ?? ''}${body}\`\`\`\n`
  }

  beforeAll(async () => {
    await rm(folder, { recursive: true, force: true })
    server = await startFakeServer({ reply })
  })
  afterAll(async () => {
    await server.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('runs each reply in the sandbox, reports pass@1 and pass@5 with intervals, and replays with no call', async () => {
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-not-a-real-key-000' }
    const recorded = await runVitest(['humaneval', config], { ...env, EVALSUITE_RECORDINGS: 'record' })
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0)
    expect(server.requestCount).toBe(15)
    const report = await readReport('humaneval')
    expect(report.counts).toEqual({ samples: 15, right: 7, wrong: 8, errored: 0, skipped: 0 })
    const rows = scoreRows(report).filter((row) => row.subset === null)
    // pass@1 is the mean over attempts (7 of 15 right); pass@5 over problems: two of three solved at least once
    expect(rows.map((row) => [row.metric, row.aggregation, row.k, row.value])).toEqual([
      ['accuracy', 'mean', null, 7 / 15],
      ['accuracy', 'pass_at_k', 5, 2 / 3],
      ['accuracy', 'pass_hat_k', 5, 1 / 3],
      ['accuracy', 'majority_vote', 5, 1 / 3],
    ])
    for (const row of rows) expect(row.interval!.upper).toBeGreaterThan(row.interval!.lower)
    const wrong = report.samples.find((row) => row.status === 'wrong')!
    expect(wrong.checks![0]).toMatchObject({ kind: 'code', execution: { outcome: 'failed' } })
    expect(recorded.stdout).toMatch(/humaneval: 8 wrong:\n {4}HumanEval\/1#\d: "a test failed: Traceback/)

    const replayed = await runVitest(['humaneval', config], { ...env, EVALSUITE_RECORDINGS: 'replay' })
    expect(replayed.code).toBe(0)
    expect(server.requestCount).toBe(15)
    const again = await readReport('humaneval')
    expect(scoreRows(again)).toEqual(scoreRows(report))
    expect(again.samples.map((row) => [row.id, row.attempt, row.status])).toEqual(
      report.samples.map((row) => [row.id, row.attempt, row.status]),
    )
  })
})
