import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileSlug, VariantMatrixSchema, type VariantMatrix } from '../../src/schema/index.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { failedTests, FIXTURE, runVitest } from './run-fixture.ts'

// which of the 20 questions (0-based) each variant answers right: mini/terse 14, large/terse those and 4 more,
// mini/stepwise 6 of the reference's 14, large/stepwise the reference's but one, and one other
const RIGHT: Record<string, (index: number) => boolean> = {
  'fake-mini/terse': (i) => i < 14,
  'fake-large/terse': (i) => i < 18,
  'fake-mini/stepwise': (i) => i < 6,
  'fake-large/stepwise': (i) => i < 13 || i === 14,
}

function reply(request: { model: string; messages: { content: string }[] }): string {
  const content = request.messages.at(-1)!.content
  const question = Number(/Question (\d+)/.exec(content)![1])
  const right = RIGHT[`${request.model}/${content.includes('step by step') ? 'stepwise' : 'terse'}`]!(question - 1)
  return `ANSWER: ${right ? question : 0}`
}

// the evalsuite matrix as printed, latency (which varies between runs) masked
function matrixLines(stdout: string): string[] {
  const lines = stdout.split('\n')
  const start = lines.findIndex((line) => line.startsWith(' variants: 4 variants'))
  return lines.slice(start, start + 7).map((line) => line.replace(/\d+ \/ \d+ ms */, (cell) => 'N / N ms'.padEnd(cell.length)))
}

async function readMatrix(): Promise<VariantMatrix> {
  return VariantMatrixSchema.parse(JSON.parse(await readFile(join(FIXTURE, 'eval-reports', 'variants', 'variants.json'), 'utf8')))
}

const VARIANTS = ['mini/terse', 'mini/stepwise', 'large/terse', 'large/stepwise']

describe('a benchmark with two models and two prompts', () => {
  let server: FakeServer
  const env = (): Record<string, string> => ({ OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-not-a-real-key-000' })
  beforeAll(async () => {
    server = await startFakeServer({ reply })
  })
  afterAll(async () => {
    await server.close()
    await rm(join(FIXTURE, 'eval-reports', 'variants'), { recursive: true, force: true })
    await rm(join(FIXTURE, 'recordings-variants'), { recursive: true, force: true })
  })

  it('runs every variant, prints the matrix with Holm-corrected McNemar tests, and fails the gate of the worse variant', async () => {
    const run = await runVitest(['variants'], env())
    expect(run.code).toBe(1)
    expect(server.requestCount).toBe(80)
    expect(failedTests(run)).toEqual([
      'evals/variants.eval.ts > variants: compare > gate: mini/stepwise not worse than mini/terse by more than 0.05 (α 0.05, Holm)',
    ])
    const matrix = await readMatrix()
    // McNemar's exact p-values from the discordant pairs, by hand: 8 worse and 0 better is 2 · 0.5^8; 0 worse and 4
    // better is 2 · 0.5^4; 1 and 1 is min(1, 2 · (0.5^2 + 2 · 0.5^2)). Holm multiplies them, smallest first, by 3, 2, 1.
    expect(
      matrix.rows.map((row) => [
        row.name,
        row.value,
        row.comparison && [row.comparison.test, row.comparison.n, row.comparison.delta, row.comparison.pValue, row.comparison.adjustedP],
      ]),
    ).toEqual(
      [
        ['mini/terse', 0.7, null],
        ['mini/stepwise', 0.3, ['mcnemar', 20, -0.4, 0.0078125, 0.0234375]],
        ['large/terse', 0.9, ['mcnemar', 20, 0.2, 0.125, 0.25]],
        ['large/stepwise', 0.7, ['mcnemar', 20, 0, 1, 1]],
      ].map(([name, value, comparison]) => [
        name,
        expect.closeTo(value as number, 12),
        comparison && (comparison as unknown[]).map((x) => (typeof x === 'number' ? expect.closeTo(x, 12) : x)),
      ]),
    )
    expect(
      matrix.rows.map((row) => [row.name, row.comparison?.passed ?? null, row.comparison?.nonInferior ?? null, row.nonDominated]),
    ).toEqual([
      ['mini/terse', null, null, true],
      ['mini/stepwise', false, false, false],
      ['large/terse', true, true, true],
      ['large/stepwise', true, false, false],
    ])
    expect(matrix.passed).toBe(false)
    expect(run.stdout).toContain('variants [mini/stepwise]: significantly worse than mini/terse by more than maxDrop 0.05 (Holm p 0.0234)')
    expect(matrixLines(run.stdout)).toMatchInlineSnapshot(`
      [
        " variants: 4 variants on accuracy, against mini/terse; compare gate maxDrop 0.05, α 0.05 after Holm's correction",
        "  variant         model       accuracy  95% CI          n   cost/sample  tokens  latency p50 / p90  Δ vs mini/terse  Δ 95% CI        p        p (Holm)  reading",
        "  * mini/terse    fake-mini   70.0%     [47.1%, 86.1%]  20  $0.004       80      N / N ms                                                               reference",
        "  mini/stepwise   fake-mini   30.0%     [13.9%, 52.9%]  20  $0.012       240     N / N ms           -40.0            [-60.1, -12.6]  p=0.008  p=0.02    FAILED: significantly worse by more than 5.0 points",
        "  * large/terse   fake-large  90.0%     [68.7%, 98.2%]  20  $0.012       80      N / N ms           +20.0            [-2.3, +38.6]   p=0.13   p=0.25    non-inferior (within 5.0 points)",
        "  large/stepwise  fake-large  70.0%     [47.1%, 86.1%]  20  $0.036       240     N / N ms           +0.0             [-17.8, +17.8]  p=1.00   p=1.00    not significantly worse; non-inferiority (within 5.0 points) not shown",
        "  * not dominated on (accuracy, cost per sample): no other variant is as good and as cheap, and better or cheaper",
      ]
    `)
  })

  it('runs one variant alone with -t: only its model and prompt are called, and no gate fails', async () => {
    const before = server.requestCount
    const run = await runVitest(['variants', '-t', 'large/terse'], env())
    expect(run.code).toBe(0)
    const made = server.requests.slice(before)
    expect(made).toHaveLength(20)
    expect(new Set(made.map((request) => request.model))).toEqual(new Set(['fake-large']))
    expect(made.some((request) => request.messages.at(-1)!.content.includes('step by step'))).toBe(false)
  })

  it('records each variant in a file of its own, and replays them all without a call', async () => {
    const before = server.requestCount
    const config = '--config=vitest.variants.config.ts'
    const recorded = await runVitest(['variants', config], { ...env(), EVALSUITE_RECORDINGS: 'record' })
    expect(recorded.code).toBe(1)
    expect(server.requestCount - before).toBe(80)
    const files = VARIANTS.map((variant) => `${fileSlug(`variants/${variant}`)}.jsonl`)
    expect((await readdir(join(FIXTURE, 'recordings-variants'))).sort()).toEqual([...files].sort())
    for (const file of files)
      expect((await readFile(join(FIXTURE, 'recordings-variants', file), 'utf8')).trim().split('\n')).toHaveLength(20)
    const liveRows = (await readMatrix()).rows.map((row) => [row.name, row.value, row.comparison?.pValue])

    const replayed = await runVitest(['variants', config], { ...env(), EVALSUITE_RECORDINGS: 'replay' })
    expect(replayed.code).toBe(1)
    expect(server.requestCount - before).toBe(80)
    expect((await readMatrix()).rows.map((row) => [row.name, row.value, row.comparison?.pValue])).toEqual(liveRows)
  })
})
