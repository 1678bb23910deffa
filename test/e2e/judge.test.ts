import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { FIXTURE, readReport, runVitest } from './run-fixture.ts'

const VERDICTS = join(FIXTURE, 'evals', '__verdicts__')
const FILE = join(VERDICTS, 'judged.eval.ts.jsonl')
const SECRET = 'sk-test-judge-never-written-0123456789'

type Line = { sample: string; case: string; judge: string; verdict?: { reasoning: string; verdict: string }; key: string }
const lines = (): Line[] =>
  readFileSync(FILE, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line)

// the judge on the test server: it reads the response between the prompt's real delimiters
function grade(strictTone: boolean) {
  return (request: { messages: { role: string; content: string }[] }): string => {
    const [system, user] = request.messages
    const tag = /^TAG: (\w+)/.exec(user!.content)![1]
    const response = new RegExp(`<<<BEGIN response ${tag}>>>\\n([\\s\\S]*?)\\n<<<END response ${tag}>>>`).exec(user!.content)![1]!
    const pass = system!.content.includes('return window') ? /month|thirty/.test(response) : !strictTone && response.includes('please')
    return JSON.stringify({ reasoning: `judged: ${response}`, verdict: pass ? 'pass' : 'fail' })
  }
}

describe('judge verdicts in a run', () => {
  let server: FakeServer
  let env: Record<string, string>
  let strict = false

  beforeAll(async () => {
    await rm(VERDICTS, { recursive: true, force: true })
    server = await startFakeServer({ reply: (request) => grade(strict)(request) })
    env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: SECRET, EVALSUITE_VERDICTS: 'record' }
  })
  afterAll(async () => {
    await server.close()
    await rm(VERDICTS, { recursive: true, force: true })
  })

  it('records the verdicts it needs: the cascade asks the judge only about rule failures', async () => {
    const run = await runVitest(['judged', '--reporter=verbose'], env)
    expect(run.code).toBe(0)
    expect(server.requestCount).toBe(5)
    expect(lines().map((l) => [l.sample, l.verdict?.verdict])).toEqual([
      ['j4', 'pass'],
      ['j5', 'pass'],
      ['j6', 'fail'],
      ['t1', 'pass'],
      ['t2', 'fail'],
    ])
    const report = await readReport('judged')
    expect(report.samples.map((s) => [s.id, s.status, s.judge?.[0]?.status])).toEqual([
      ['j1', 'right', 'skipped'],
      ['j2', 'right', 'skipped'],
      ['j3', 'right', 'skipped'],
      ['j4', 'right', 'judged'],
      ['j5', 'right', 'judged'],
      ['j6', 'wrong', 'judged'],
    ])
    expect(report.samples[5]!.judge).toEqual([
      {
        name: 'labels judge',
        status: 'judged',
        pass: false,
        score: 0,
        label: 'fail',
        scale: { min: 0, max: 1 },
        reasoning: 'judged: You have 14 days to return it.',
        judges: ['judge-model'],
        calls: { live: 1, stored: 0, invalid: 0 },
        usage: expect.objectContaining({ inputTokens: expect.any(Number) }),
      },
    ])
    expect(report.judge).toMatchObject({
      models: ['judge-model'],
      judged: 3,
      invalid: 0,
      skipped: 3,
      calls: { live: 3, stored: 0, invalid: 0 },
    })
    // the judge's tokens are its own; the model under test is a function that reports none
    expect(report.usage).toEqual({ inputTokens: 0, outputTokens: 0 })
    expect(report.judge!.usage.inputTokens).toBeGreaterThan(0)
    // the wrong sample's annotation carries the verdict into the terminal (and Vitest UI)
    expect(run.stdout).toContain('judge judge-model ("labels judge"): fail "fail", score 0 — judged: You have 14 days to return it.')
    expect((await readReport('judged-tone')).samples.map((s) => [s.id, s.status, s.judge?.[0]?.label])).toEqual([
      ['t1', 'right', 'pass'],
      ['t2', 'wrong', 'fail'],
    ])
  })

  it('replays every verdict without a single judge call, scoring exactly as the recorded run', async () => {
    const recorded = await readReport('judged')
    const before = server.requestCount
    const run = await runVitest(['judged'], { ...env, EVALSUITE_VERDICTS: 'replay' })
    expect(run.code).toBe(0)
    expect(server.requestCount).toBe(before)
    const replayed = await readReport('judged')
    expect(replayed.samples.map((s) => [s.id, s.status, s.judge?.[0]?.label])).toEqual(
      recorded.samples.map((s) => [s.id, s.status, s.judge?.[0]?.label]),
    )
    expect(replayed.judge?.calls).toEqual({ live: 0, stored: 3, invalid: 0 })
  })

  it('in replay mode fails a sample whose verdict is missing, saying what is missing and how to record it', async () => {
    const missing = lines().find((l) => l.sample === 'j4')!
    writeFileSync(
      FILE,
      lines()
        .filter((l) => l !== undefined && l.key !== missing.key)
        .map((l) => `${JSON.stringify(l)}\n`)
        .join(''),
    )
    const before = server.requestCount
    // in CI verdicts replay by default, key or no key: a changed output is never re-judged in silence
    const run = await runVitest(['judged'], { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: SECRET })
    expect(run.code).toBe(1)
    expect(server.requestCount).toBe(before)
    const report = await readReport('judged')
    expect(report.samples.find((s) => s.id === 'j4')).toMatchObject({ status: 'errored' })
    expect(report.samples.find((s) => s.id === 'j4')!.error).toBe(
      [
        'JudgeError: No stored verdict for sample "j4" in evals/__verdicts__/judged.eval.ts.jsonl, and replay mode calls no judge. Missing:',
        `  - judge "judge-model", case "judge" (key ${missing.key})`,
        "Record them with the judge's credentials set (e.g. OPENAI_API_KEY) and",
        "  EVALSUITE_VERDICTS=record npx vitest run evals/judged.eval.ts -t 'judged( >)? j4: '",
        'then commit the verdict file.',
      ].join('\n'),
    )
  })

  it('records only what is missing, then reports a verdict nothing uses as obsolete', async () => {
    const before = server.requestCount
    writeFileSync(FILE, `${readFileSync(FILE, 'utf8')}${JSON.stringify({ ...lines()[0]!, sample: 'gone', key: 'f'.repeat(24) })}\n`)
    const run = await runVitest(['judged'], env)
    expect(run.code).toBe(0)
    expect(server.requestCount).toBe(before + 1)
    expect(run.stderr).toContain(
      'evalsuite: 1 obsolete verdict(s) in evals/__verdicts__/judged.eval.ts.jsonl that no judge call of this run used (samples "gone"); kept them; `vitest run -u` removes them.',
    )
    expect(lines().map((l) => l.sample)).toEqual(['gone', 'j4', 'j5', 'j6', 't1', 't2'])
  })

  it('with -u and EVALSUITE_UPDATE=baselines asks no judge and leaves the verdict file as it was', async () => {
    const before = server.requestCount
    const file = readFileSync(FILE, 'utf8')
    const run = await runVitest(['judged', '-u'], { ...env, EVALSUITE_UPDATE: 'baselines' })
    expect(run.code).toBe(0)
    expect(server.requestCount).toBe(before)
    expect(readFileSync(FILE, 'utf8')).toBe(file)
    expect(run.stderr).toContain('kept them; `vitest run -u` removes them.')
  })

  it('with -u judges everything again, rewrites the file and drops the obsolete verdict', async () => {
    strict = true
    const before = server.requestCount
    const run = await runVitest(['judged', '-u'], env)
    expect(run.code).toBe(0)
    expect(server.requestCount).toBe(before + 5)
    expect(lines().map((l) => [l.sample, l.verdict?.verdict])).toEqual([
      ['j4', 'pass'],
      ['j5', 'pass'],
      ['j6', 'fail'],
      ['t1', 'fail'],
      ['t2', 'fail'],
    ])
    expect(run.stderr).toContain('removed them')
  })

  it('writes the API key into no verdict or report', () => {
    expect(existsSync(FILE)).toBe(true)
    expect(readFileSync(FILE, 'utf8')).not.toContain(SECRET)
    expect(readFileSync(join(FIXTURE, 'eval-reports', 'judged.json'), 'utf8')).not.toContain(SECRET)
  })
})

describe('repeated samples, judged attempt by attempt', () => {
  const ATTEMPTS = join(VERDICTS, 'graded-attempts.eval.ts.jsonl')
  type AttemptLine = Line & { attempt?: number }
  const attemptLines = (): AttemptLine[] =>
    readFileSync(ATTEMPTS, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AttemptLine)
  const verdicts = (report: Awaited<ReturnType<typeof readReport>>) =>
    report.samples.map((s) => [`${s.id}#${s.attempt}`, s.status, s.judge?.[0]?.label])
  let server: FakeServer
  let env: Record<string, string>

  beforeAll(async () => {
    await rm(ATTEMPTS, { force: true })
    server = await startFakeServer({ reply: (request) => grade(false)(request) })
    env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: SECRET, EVALSUITE_VERDICTS: 'record' }
  })
  afterAll(async () => {
    await server.close()
    await rm(VERDICTS, { recursive: true, force: true })
  })

  it('records one verdict per attempt, each asked once, and replays them all without a judge call', async () => {
    const recording = await runVitest(['graded-attempts'], env)
    expect(recording.code).toBe(0)
    // 3 samples × 3 attempts: each attempt asked once, the same reply in several attempts included
    expect(server.requestCount).toBe(9)
    expect(attemptLines().map((l) => [l.sample, l.attempt, l.verdict?.verdict])).toEqual([
      ['a1', 0, 'pass'],
      ['a1', 1, 'fail'],
      ['a1', 2, 'pass'],
      ['a2', 0, 'pass'],
      ['a2', 1, 'pass'],
      ['a2', 2, 'pass'],
      ['t1', 0, 'pass'],
      ['t1', 1, 'fail'],
      ['t1', 2, 'pass'],
    ])
    const recorded = [await readReport('graded-attempts'), await readReport('graded-attempts-tone')]
    expect(recorded.map(verdicts)).toEqual([
      [
        ['a1#0', 'right', 'pass'],
        ['a1#1', 'wrong', 'fail'],
        ['a1#2', 'right', 'pass'],
        ['a2#0', 'right', 'pass'],
        ['a2#1', 'right', 'pass'],
        ['a2#2', 'right', 'pass'],
      ],
      [
        ['t1#0', 'right', 'pass'],
        ['t1#1', 'wrong', 'fail'],
        ['t1#2', 'right', 'pass'],
      ],
    ])
    const [judged] = recorded
    expect(judged!.judge).toMatchObject({ calls: { live: 6, stored: 0, invalid: 0 } })
    // the judge's cost at its price, apart from the model under test (a function that costs nothing)
    const perSample = judged!.samples.reduce((sum, s) => sum + s.judge![0]!.costUsd!, 0)
    expect(judged!.judge!.costUsd).toBeCloseTo(perSample, 6)
    expect(judged!.judge!.costUsd).toBeCloseTo((judged!.judge!.usage.inputTokens * 2 + judged!.judge!.usage.outputTokens * 10) / 1e6, 6)
    expect(judged!.costUsd).toBeNull()
    expect(recording.stdout).toMatch(
      /graded-attempts: judge judge-model: 6 call\(s\), 0 stored verdict\(s\); tokens [\d,]+ in, [\d,]+ out; cost \$0\.\d+/,
    )

    const replay = await runVitest(['graded-attempts'], { ...env, EVALSUITE_VERDICTS: 'replay' })
    expect(replay.code).toBe(0)
    expect(server.requestCount).toBe(9)
    const replayed = [await readReport('graded-attempts'), await readReport('graded-attempts-tone')]
    expect(replayed.map(verdicts)).toEqual(recorded.map(verdicts))
    expect(replayed[0]!.judge).toMatchObject({
      calls: { live: 0, stored: 6, invalid: 0 },
      usage: { inputTokens: 0, outputTokens: 0 },
      costUsd: 0,
    })
    expect(replay.stdout).toContain('graded-attempts: judge judge-model: 0 call(s), 6 stored verdict(s); cost $0.00')
  })
})
