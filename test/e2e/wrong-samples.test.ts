import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { readReport, runVitest } from './run-fixture.ts'

// the endpoint's reply to each problem, found by a word of its question
const REPLIES: ReadonlyArray<readonly [string, string]> = [
  ['apples', '3 bags of 12 apples make 36 apples. After eating 5, Sam has 36 - 5 = 31 apples left.\nANSWER: 31'],
  ['train', 'Distance = speed x time = 80 km/h x 2.5 h = 200 km.\nANSWER: 200 km'],
  ['Tickets', '7 tickets at $8 each cost 7 x 8 = $56.\nANSWER: 56'],
  ['book', 'A quarter of 240 pages is 60 pages, so 240 - 60 = 180 pages are left.\nANSWER: 180'],
]

// the lines evalsuite prints about a benchmark's wrong samples: its own lines and the indented ones under them
function wrongLines(stdout: string, benchmark: string): string[] {
  const lines = stdout.split('\n')
  const start = lines.findIndex((line) => line.startsWith(`  ${benchmark}: `) && / wrong:/.test(line))
  if (start < 0) return []
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('    ') && !line.startsWith(`  ${benchmark}: note: `))
  return lines.slice(start, end).filter((line) => !line.includes(': note: only '))
}

describe('why a sample is wrong, on screen and in the JSON report', () => {
  let server: FakeServer

  beforeAll(async () => {
    server = await startFakeServer({ reply: ({ messages }) => REPLIES.find(([word]) => messages.at(-1)!.content.includes(word))![1] })
  })
  afterAll(() => server.close())

  it('reads the ANSWER: line by default, and shows each wrong sample with what it read and a hint', async () => {
    const run = await runVitest(['answer-lines'], { OPENAI_BASE_URL: server.baseURL })
    expect(run.code).toBe(0)
    expect(wrongLines(run.stdout, 'answer-lines')).toMatchInlineSnapshot(`
      [
        "  answer-lines: 2 wrong:",
        "    train: target 200, read "200 km" from "…m/h x 2.5 h = 200 km.\\nANSWER: 200 km" (exact)",
        "    pages: target 150, read 180 from "…= 180 pages are left.\\nANSWER: 180" (exact)",
        "  answer-lines: note: 1 of the 2 wrong replies holds the target in another form: answer: { kind: 'number' } would score it right",
      ]
    `)
    const report = await readReport('answer-lines')
    expect(report.counts).toEqual({ samples: 4, right: 2, wrong: 2, errored: 0, skipped: 0 })
    const train = report.samples.find((row) => row.id === 'train')!
    const { latencyMs, usage, ...row } = train
    expect([typeof latencyMs, usage]).toEqual(['number', expect.objectContaining({ inputTokens: expect.any(Number) })])
    expect(row).toMatchInlineSnapshot(`
      {
        "checks": [
          {
            "explanation": "the answer after "ANSWER:" is not the target",
            "extracted": "200 km",
            "hint": {
              "answer": "{ kind: 'number' }",
              "explanation": "the number after "answer:" equals the target",
            },
            "kind": "exact",
            "matcher": "default scorer",
            "pass": false,
            "passage": "…m/h x 2.5 h = 200 km.
      ANSWER: 200 km",
            "target": "200",
          },
        ],
        "extracted": "200 km",
        "id": "train",
        "input": "A train travels at 80 km per hour for 2.5 hours. How many kilometres does it travel?",
        "output": "Distance = speed x time = 80 km/h x 2.5 h = 200 km.
      ANSWER: 200 km",
        "scores": {
          "accuracy": 0,
        },
        "status": "wrong",
        "target": "200",
      }
    `)
  })
})
