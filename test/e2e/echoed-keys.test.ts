import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scratchFolder } from '../support/fixture-copy.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { FIXTURE, runVitest, type VitestRun } from './run-fixture.ts'

// keys of no known shape, so that only their being configured can mask them, and a provider's key the server adds
const MODEL_KEY = 'model-key-7Hq2Lr9Xw4Zp1Nc8Vd3'
const JUDGE_KEY = 'judge-key-5Tk8Mw2Qy6Rb9Jf4Gs1'
const GROQ_KEY = `gsk_${'Ab12Cd34'.repeat(6)}EfGh`
const KEYS = [MODEL_KEY, JUDGE_KEY, GROQ_KEY]
// a key cut in two still leaks: its last part is looked for too
const FRAGMENTS = KEYS.flatMap((key) => [key, key.slice(-14)])

let server: FakeServer
let run: VitestRun

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

// the files a run left in `dir` that hold a key, or part of one, as `<file>: <fragment>`
function leaksUnder(dir: string): string[] {
  return filesUnder(dir).flatMap((file) =>
    FRAGMENTS.filter((key) => textOf(file).includes(key)).map((key) => `${relative(dir, file)}: ${key}`),
  )
}

// a file's text as a reader would get it: Vitest's html report keeps its data gzipped
const textOf = (file: string): string => (file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file)).toString('utf8')

beforeAll(async () => {
  server = await startFakeServer({
    reply: (request, headers) => {
      const heard = `Authorization: ${headers.authorization}; raw ${headers.authorization?.replace('Bearer ', '')}`
      // the CLI's judge of open answers reads "correct" or "incorrect", a judge of criteria "pass" or "fail"
      const label = request.messages.some((message) => message.content.includes('"correct"')) ? 'correct' : 'pass'
      if (request.model === 'judge-model') return JSON.stringify({ reasoning: `judged; you sent ${heard}`, verdict: label })
      const asked = /Reply with: (\S+)/.exec(request.messages.at(-1)?.content ?? '')?.[1] ?? '?'
      return `You sent ${heard}. Mine is ${GROQ_KEY}.\nANSWER: ${asked}`
    },
    fault: ({ messages, headers }) =>
      messages.at(-1)?.content.includes('Refuse')
        ? {
            kind: 'status',
            status: 400,
            body: JSON.stringify({
              error: {
                message: `invalid key ${headers.authorization} (raw ${headers.authorization?.replace('Bearer ', '')}) or ${GROQ_KEY}`,
              },
            }),
          }
        : undefined,
  })
  run = await runVitest(
    [
      'echoed-keys',
      '--reporter=default',
      '--reporter=verbose',
      '--reporter=json',
      '--outputFile.json=vitest-out/results.json',
      '--reporter=junit',
      '--outputFile.junit=vitest-out/junit.xml',
      '--reporter=html',
      '--outputFile.html=vitest-out/html/index.html',
    ],
    {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: MODEL_KEY,
      ECHO_JUDGE_KEY: JUDGE_KEY,
      EVALSUITE_RECORDINGS: 'record',
      EVALSUITE_VERDICTS: 'record',
    },
  )
}, 180_000)

afterAll(() => server?.close())

it("writes no key an endpoint echoed into recordings, verdicts, reports or any reporter's file", () => {
  // the endpoint did echo them, and the run wrote what each writer writes
  expect(server.requestCount).toBeGreaterThanOrEqual(4)
  const written = filesUnder(FIXTURE).map((file) => relative(FIXTURE, file))
  for (const expected of [
    'recordings/echoed-keys.jsonl',
    'evals/__verdicts__/echoed-keys.eval.ts.jsonl',
    'eval-reports/echoed-keys.json',
    'eval-reports/echoed-keys-task.json',
    'vitest-out/results.json',
    'vitest-out/junit.xml',
  ]) {
    expect(written).toContain(expected)
  }
  // the html report's data: beside its index.html in Vitest 4, under .vitest/ui/ in Vitest 5 (test/support/html-report.ts)
  expect(written.filter((file) => file.endsWith('html.meta.json.gz'))).toHaveLength(1)
  expect(leaksUnder(FIXTURE)).toEqual([])
  // what was echoed is there, masked
  expect(textOf(join(FIXTURE, 'recordings/echoed-keys.jsonl'))).toContain('You sent Authorization: Bearer ***; raw ***. Mine is gsk_***.')
  expect(textOf(join(FIXTURE, 'evals/__verdicts__/echoed-keys.eval.ts.jsonl'))).toContain(
    'judged; you sent Authorization: Bearer ***; raw ***',
  )
  expect(textOf(join(FIXTURE, 'eval-reports/echoed-keys-task.json'))).toContain('the key is ***')
}, 60_000)

it('prints no key an endpoint echoed, in the table, the wrong samples, the errors or a failed assertion', () => {
  expect(run.code).toBe(1)
  const output = `${run.stdout}\n${run.stderr}`
  expect(FRAGMENTS.filter((key) => output.includes(key))).toEqual([])
  // the failed assertion quotes the reply, masked; the errored sample its error
  expect(output).toContain('You sent Authorization: Bearer ***; raw ***')
  expect(output).toMatch(/HTTP 400 from 127\.0\.0\.1:\d+\): 400 invalid key Bearer \*\*\*/)
})

it("writes and prints no key an endpoint echoed in a run of evalsuite eval, its judge's reply included", async () => {
  const dir = scratchFolder('echoed-keys-cli')
  writeFileSync(join(dir, 'qa.jsonl'), ['{"input":"Reply with: 4","target":"4"}', '{"input":"Reply with: 5","target":"4"}'].join('\n'))
  const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url))
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && !name.startsWith('OPENAI_'))),
    CI: 'true',
    NO_COLOR: '1',
    OPENAI_API_KEY: MODEL_KEY,
  }
  const before = server.requestCount
  const output = await new Promise<string>((resolve) => {
    execFile(
      process.execPath,
      [cli, 'eval', 'qa.jsonl', '--model', 'fake-model', '--base-url', server.baseURL, '--judge', 'judge-model'],
      { cwd: dir, env },
      (_error, stdout, stderr) => resolve(`${stdout}\n${stderr}`),
    )
  })
  // the model answered both samples, and the judge was asked about the wrong one
  expect(server.requestCount - before).toBeGreaterThanOrEqual(3)
  expect(output).toContain('fake-model')
  const written = filesUnder(dir).map((file) => relative(dir, file))
  expect(written.filter((file) => file.startsWith('eval-reports/'))).not.toEqual([])
  expect(leaksUnder(dir)).toEqual([])
  // the replies and the judge's verdict are kept, masked
  for (const folder of ['recordings/', '__verdicts__/']) {
    const kept = written.filter((file) => file.includes(folder))
    expect(kept).not.toEqual([])
    for (const file of kept) expect(textOf(join(dir, file))).toContain('sent Authorization: Bearer ***; raw ***')
  }
  expect(FRAGMENTS.filter((key) => output.includes(key))).toEqual([])
}, 180_000)
