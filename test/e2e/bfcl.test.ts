import { cpSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BfclMetadataSchema } from '../../src/benchmarks/bfcl/bfcl-sample.ts'
import { toolName } from '../../src/benchmarks/bfcl/bfcl-functions.ts'
import { answerCalls, written } from '../benchmarks/bfcl/bfcl-rules.ts'
import { startFakeServer, type ChatRequest, type FakeServer } from '../support/openai-server.ts'
import { FIXTURE, readReport, runVitest } from './run-fixture.ts'

const SLICES = 'fixtures/real/bfcl'
const CATEGORIES = { simple: 'simple_python', multiple: 'multiple', parallel: 'parallel', irrelevance: 'irrelevance' } as const
// answered wrong on purpose: an integer argument written as a float, and an irrelevance question answered by a call
const WRONG = new Set(['simple_python_0', 'irrelevance_0'])

interface Question {
  id: string
  question: Array<Array<{ content: string }>>
  function: Array<{ name: string }>
}

const questions = Object.values(CATEGORIES).flatMap((file) =>
  readFileSync(join(SLICES, `BFCL_v4_${file}.json`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Question),
)
const answerLines = new Map(
  Object.values(CATEGORIES)
    .filter((file) => file !== 'irrelevance')
    .flatMap((file) =>
      readFileSync(join(SLICES, 'possible_answer', `BFCL_v4_${file}.json`), 'utf8')
        .trim()
        .split('\n'),
    )
    .map((line) => [(JSON.parse(line) as { id: string }).id, line]),
)
// a question as the server tells it apart: its last message and the names of the tools it offers
const keyOf = (content: string, tools: readonly string[]): string => JSON.stringify([content, [...tools].sort()])
const byKey = new Map(
  questions.map((q) => [
    keyOf(
      q.question[0]!.at(-1)!.content,
      q.function.map((fn) => toolName(fn.name)),
    ),
    q,
  ]),
)

// the model: the possible answer's calls (parallel ones in reverse order), nothing for irrelevance, and the wrong answers
function modelCalls(request: ChatRequest): { name: string; arguments: string }[] | undefined {
  const offered = (request.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name)
  const question = byKey.get(keyOf(request.messages.at(-1)!.content, offered))!
  const metadata = BfclMetadataSchema.parse({ category: '', functions: question.function, answer: answerLines.get(question.id) })
  if (metadata.answer === undefined) return WRONG.has(question.id) ? [{ name: offered[0]!, arguments: '{}' }] : undefined
  const calls = answerCalls(metadata).reverse()
  if (WRONG.has(question.id)) calls[0]![1] = calls[0]![1].map(([param, value]) => [param, /^\d+$/.test(value) ? `${value}.0` : value])
  return calls.map(([name, args]) => ({ name, arguments: written(args) }))
}

describe('bfcl against a local server answering with tool calls', () => {
  let server: FakeServer

  beforeAll(async () => {
    cpSync(SLICES, join(FIXTURE, 'data/bfcl'), { recursive: true })
    server = await startFakeServer({ toolCalls: modelCalls, reply: () => 'None of these functions can answer that.' })
  })
  afterAll(() => server.close())

  it('runs the simple, multiple, parallel and irrelevance slices: the possible answers right, the perturbed ones wrong with where they left it', async () => {
    const run = await runVitest(['bfcl'], { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-bfcl', EVALSUITE_RECORDINGS: 'live' })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(server.requestCount).toBe(questions.length)
    for (const [category, file] of Object.entries(CATEGORIES)) {
      const report = await readReport(`bfcl-${category}`)
      const ids = questions.filter((q) => q.id.startsWith(`${file}_`)).map((q) => q.id)
      expect(report.samples.map((sample) => sample.id)).toEqual(ids)
      const wrong = report.samples.filter((sample) => sample.status !== 'right').map((sample) => [sample.id, sample.status])
      expect(wrong).toEqual(ids.filter((id) => WRONG.has(id)).map((id) => [id, 'wrong']))
      expect(report.samples.every((sample) => sample.trajectory?.steps.length === 1)).toBe(true)
    }
    const explanation = async (benchmark: string, id: string): Promise<string | undefined> =>
      (await readReport(benchmark)).samples.find((sample) => sample.id === id)?.checks?.[0]?.explanation
    expect(await explanation('bfcl-simple', 'simple_python_0')).toBe(
      'step 1: called `calculate_triangle_area` with `{ base: 10, height: 5 }`: argument "base": expected type int, received float 10.0',
    )
    expect(await explanation('bfcl-irrelevance', 'irrelevance_0')).toBe(
      'step 1: called `determine_body_mass_index` with `{}`, which no expected call matches',
    )
    expect(run.stdout).toMatch(/bfcl-simple: 1 wrong: simple_python_0: "step 1: called .*" \(trajectory\)/)
    const simple = await readReport('bfcl-simple')
    const figures = Object.fromEntries(simple.metrics.filter((row) => row.subset === null).map((row) => [row.metric, row.value]))
    expect(figures).toMatchObject({ accuracy: 15 / 16, tool_recall: 15 / 16, steps: 1, tool_errors: 0 })
    // the only check is the trajectory check, so tool_call_accuracy would be accuracy again: it is left out
    expect(Object.keys(figures)).not.toContain('tool_call_accuracy')
    // the functions reach the model as tools: dots as "_", BFCL's types as JSON Schema
    const offered = server.requests.flatMap(
      (request) => request.tools as Array<{ function: { name: string; parameters: { type: string } } }>,
    )
    expect(offered.every((tool) => /^[\w-]+$/.test(tool.function.name) && tool.function.parameters.type === 'object')).toBe(true)
  })
})
