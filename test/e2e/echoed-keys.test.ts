import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, it } from 'vitest'
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

// a file's text as a reader would get it: Vitest's html report keeps its data gzipped
const textOf = (file: string): string => (file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file)).toString('utf8')

beforeAll(async () => {
  server = await startFakeServer({
    reply: (request, headers) => {
      const heard = `Authorization: ${headers.authorization}; raw ${headers.authorization?.replace('Bearer ', '')}`
      if (request.model === 'judge-model') return JSON.stringify({ reasoning: `polite enough; you sent ${heard}`, verdict: 'pass' })
      const asked = /Reply with: (\S+)/.exec(request.messages.at(-1)?.content ?? '')?.[1] ?? '?'
      return `You sent ${heard}. Mine is ${GROQ_KEY}.\nANSWER: ${asked}`
    },
    fault: ({ messages, headers }) =>
      messages.at(-1)?.content.includes('Refuse')
        ? { kind: 'status', status: 400, body: JSON.stringify({ error: { message: `invalid key ${headers.authorization} (raw ${headers.authorization?.replace('Bearer ', '')}) or ${GROQ_KEY}` } }) }
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
    { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: MODEL_KEY, ECHO_JUDGE_KEY: JUDGE_KEY, EVALSUITE_RECORDINGS: 'record', EVALSUITE_VERDICTS: 'record' },
  )
}, 180_000)

afterAll(() => server?.close())

it('writes no key an endpoint echoed into recordings, verdicts, reports or any reporter\'s file', () => {
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
    'vitest-out/html/html.meta.json.gz',
  ]) {
    expect(written).toContain(expected)
  }
  const leaks = filesUnder(FIXTURE).flatMap((file) => FRAGMENTS.filter((key) => textOf(file).includes(key)).map((key) => `${relative(FIXTURE, file)}: ${key}`))
  expect(leaks).toEqual([])
  // what was echoed is there, masked
  expect(textOf(join(FIXTURE, 'recordings/echoed-keys.jsonl'))).toContain('You sent Authorization: Bearer ***; raw ***. Mine is gsk_***.')
  expect(textOf(join(FIXTURE, 'evals/__verdicts__/echoed-keys.eval.ts.jsonl'))).toContain('you sent Authorization: Bearer ***; raw ***')
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
