import { describe, expect, it } from 'vitest'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { buildReport } from '../../src/report/build-report.ts'
import type { SampleOutcome } from '../../src/records/collect-runs.ts'
import { renderReports } from '../../src/render/render-table.ts'
import {
  cutText,
  type Check,
  type JudgeRecord,
  type Report,
  type SampleMeta,
  type Trajectory,
  type TrajectoryStep,
  trajectoryText,
} from '../../src/schema/index.ts'
import { checkAnswer, type MatchAnswerOptions } from '../../src/scoring/index.ts'

// a sample scored as the default scorer scores it: the benchmark's answer option, or exact after "ANSWER:"
function scored(
  sampleId: string,
  input: string,
  target: string,
  output: string,
  answer: MatchAnswerOptions = { kind: 'exact', marker: 'ANSWER:' },
  extra: Partial<SampleMeta> = {},
): SampleOutcome {
  const check = checkAnswer(output, target, answer, 'default scorer')
  const meta: SampleMeta = {
    kind: 'sample',
    sampleId,
    status: 'scored',
    input,
    target,
    output: cutText(output),
    scores: { accuracy: check.pass ? 1 : 0 },
    checks: [check],
    ...extra,
  }
  return { meta, status: check.pass ? 'right' : 'wrong', name: sampleId }
}

function report(name: string, samples: SampleOutcome[]): Report {
  return buildReport(
    { meta: { kind: 'benchmark', name, model: 'gpt-4o-mini', thresholds: {}, maxErrors: 0 }, file: `evals/${name}.eval.ts`, samples },
    {
      createdAt: '2025-01-01T00:00:00.000Z',
      catalog: createMetricCatalog(),
      baseline: { file: `evals/__baselines__/${name}.json`, entry: undefined },
      updating: false,
      missingBaselineFails: true,
    },
  )
}

// the lines about wrong samples, as renderReports prints them below the table
function wrongLines(reports: Report[], width?: number): string[] {
  const text = renderReports(reports, { color: false, ...(width === undefined ? {} : { width }) })
  return text.split('\n').filter((line) => / wrong:|^ {4}\S|wrong repl/.test(line))
}

const PAGES = 'A book has 240 pages. Mia reads a quarter of it on Monday and 30 pages on Tuesday. How many pages are left?'

describe('the wrong samples in the terminal', () => {
  it('shows a lone wrong sample on one line: target, what was read, from which passage, by which kind', () => {
    const words = report('word-problems', [
      scored('apples', 'Sam has 3 bags of 12 apples...', '31', '36 - 5 = 31 apples left.', { kind: 'number' }),
      scored('pages', PAGES, '150', 'A quarter of 240 pages is 60 pages, so 240 - 60 = 180 pages are left.', { kind: 'number' }),
    ])
    expect(wrongLines([words])).toMatchInlineSnapshot(`
      [
        "  word-problems: 1 wrong: pages: target 150, read 180 from "…es is 60 pages, so 240 - 60 = 180 pages are left." (number)",
      ]
    `)
  })

  it('lists the first 3 wrong samples of a benchmark, then counts and names the rest', () => {
    const samples = ['Paris', 'Rome', 'Madrid', 'Berlin', 'Lisbon', 'Vienna'].map((city, i) =>
      scored(
        `c${i}`,
        `The capital, please (${i})`,
        city,
        i === 0 ? 'ANSWER: Paris' : i === 1 ? 'I believe it is Milan.\nANSWER: Milan' : `It is ${city}, of course.`,
      ),
    )
    expect(wrongLines([report('capitals', samples)])).toMatchInlineSnapshot(`
      [
        "  capitals: 5 wrong:",
        "    c1: target Rome, read Milan from "… believe it is Milan.\\nANSWER: Milan" (exact)",
        "    c2: target Madrid, read "It is Madrid, of course." (exact)",
        "    c3: target Berlin, read "It is Berlin, of course." (exact)",
        "    and 2 more (c4, c5)",
      ]
    `)
  })

  it('says when the default exact check failed but the reply holds the target as the number it answers with', () => {
    const replies = [
      ['apples', '31', '3 bags of 12 apples make 36 apples. After eating 5, Sam has 36 - 5 = 31 apples left.'],
      ['train', '200', 'Distance = speed x time = 80 km/h x 2.5 h = 200 km.'],
      ['tickets', '56', 'ANSWER: $56'],
      ['pages', '150', 'A quarter of 240 pages is 60 pages, so 240 - 60 = 180 pages are left.'],
    ] as const
    const words = report(
      'word-problems',
      replies.map(([id, target, output]) => scored(id, `question ${id}`, target, output)),
    )
    expect(words.samples.map((row) => row.checks?.[0]?.hint?.answer ?? null)).toEqual([
      "{ kind: 'number' }",
      "{ kind: 'number' }",
      "{ kind: 'number' }",
      null,
    ])
    expect(wrongLines([words])).toMatchInlineSnapshot(`
      [
        "  word-problems: 4 wrong:",
        "    apples: target 31, read "3 bags of 12 apples make 36 apples. After…ting 5, Sam has 36 - 5 = 31 apples left." (exact)",
        "    train: target 200, read "Distance = speed x time = 80 km/h x 2.5 h = 200 km." (exact)",
        "    tickets: target 56, read $56 from "ANSWER: $56" (exact)",
        "    and 1 more (pages)",
        "  word-problems: note: 3 of the 4 wrong replies hold the target in another form: answer: { kind: 'number' } would score them right",
      ]
    `)
  })

  it("names the marker that reads an ANSWER: line when an exact check compared the whole reply, as the scorer's own matcher call", () => {
    const check = checkAnswer('The capital of France is Paris.\nANSWER: Paris', 'Paris', { kind: 'exact' })
    const meta: SampleMeta = { kind: 'sample', sampleId: 'fr', status: 'scored', scores: { accuracy: 0 }, checks: [check] }
    expect(check.hint).toEqual({
      answer: "{ kind: 'exact', marker: 'ANSWER:' }",
      explanation: 'the answer after "ANSWER:" equals the target',
    })
    expect(wrongLines([report('capitals', [{ meta, status: 'wrong', name: 'fr' }])])).toMatchInlineSnapshot(`
      [
        "  capitals: 1 wrong: fr: target Paris, read "The capital of France is Paris.\\nANSWER: Paris" (exact)",
        "  capitals: note: the wrong reply holds the target in another form: toMatchAnswer(target, { kind: 'exact', marker: 'ANSWER:' }) would score it right",
      ]
    `)
  })

  it('keeps each line within the terminal width: a reply keeps its start and end, a passage the part around the answer', () => {
    const long = `${'Let me think about this step by step. '.repeat(20)}So the train covers 80 x 2.5 = 210 km in all.`
    const words = report('word-problems', [
      scored('train', 'A train...', '200', long, { kind: 'number' }),
      scored('prose', 'Name it', 'Paris', long),
    ])
    for (const width of [80, 100, 120]) {
      const lines = wrongLines([words], width)
      for (const line of lines.slice(1)) expect(line.length).toBeLessThanOrEqual(width)
    }
    expect(wrongLines([words], 80)).toMatchInlineSnapshot(`
      [
        "  word-problems: 2 wrong:",
        "    train: target 200, read 210 from "…vers 80 x 2.5 = 210 km in all." (number)",
        "    prose: target Paris, read "Let me think about t….5 = 210 km in all." (exact)",
      ]
    `)
  })

  it('writes out control characters of ids, targets and replies, and never cuts inside an escape', () => {
    const hostile = '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\n\u001b[2J\u202eANSWER: 9'
    const samples = [scored('id\u001b[31m', 'q', '8\u0007', hostile), scored('q2', 'q', '8', hostile.repeat(3))]
    const lines = wrongLines([report('hostile\u001b[2J', samples)], 70)
    expect(lines).toMatchInlineSnapshot(`
      [
        "  hostile\\x1b[2J: 2 wrong:",
        "    id\\x1b[31m: target "8\\x07", read 9 from "…[2J\\u202eANSWER: 9" (exact)",
        "    q2: target 8, read 9 from "…\\x07\\n\\x1b[2J\\u202eANSWER: 9" (exact)",
      ]
    `)
    expect(lines.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
    expect(lines.join('\n')).not.toMatch(/\\(?:x[0-9a-f]?|u[0-9a-f]{0,3})…/)
  })

  it('shows the first 3 of several accepted answers', () => {
    const samples = [scored('alias', 'Who wrote Frankenstein?', 'x', 'ANSWER: Percy Shelley')]
    samples[0]!.meta.checks = [
      checkAnswer(
        'ANSWER: Percy Shelley',
        ['Mary Shelley', 'Mary Wollstonecraft Shelley', 'M. Shelley', 'Shelley'],
        { kind: 'exact', marker: 'ANSWER:' },
        'default scorer',
      ),
    ]
    expect(wrongLines([report('authors', samples)])).toMatchInlineSnapshot(`
      [
        "  authors: 1 wrong: alias: target "Mary Shelley" or "Mary Wollstonecraft Shelley" or "M. Shelley" and 1 more, read "Percy Shelley" from "ANSWER: Percy Shelley" (exact)",
      ]
    `)
  })

  it('says which judge failed a judged sample, and labels a repeated sample with its attempt', () => {
    const judge: JudgeRecord = {
      name: 'same-answer',
      status: 'judged',
      pass: false,
      score: 0,
      label: 'incorrect',
      reasoning: 'The reply gives 30 days; the policy says 14.',
      judges: ['gpt-4o'],
      calls: { live: 1, stored: 0, invalid: 0 },
    }
    const failed: Check = checkAnswer('Refunds within 30 days.', '14 days', { kind: 'includes' }, 'default scorer')
    const samples: SampleOutcome[] = [
      {
        meta: {
          kind: 'sample',
          sampleId: 'refund',
          attempt: 2,
          status: 'scored',
          scores: { accuracy: 0 },
          checks: [failed],
          judge: [judge],
        },
        status: 'wrong',
        name: 'refund',
      },
      {
        meta: { kind: 'sample', sampleId: 'refund', attempt: 3, status: 'scored', scores: { accuracy: 0 } },
        status: 'wrong',
        name: 'refund',
      },
    ]
    expect(wrongLines([report('support', samples)])).toMatchInlineSnapshot(`
      [
        "  support: 2 wrong:",
        "    refund#2: the judge "same-answer" failed the output: "The reply gives 30 days; the policy says 14."",
        "    refund#3: the scorer returned a failing verdict",
      ]
    `)
  })

  it("keeps a judge-failed line within the width, leaving out the judge's name when it would crowd out the reasoning", () => {
    const reasoning =
      'The reply promises a refund within thirty days, but the policy in the reference allows fourteen days only, and says so twice.'
    const judge: JudgeRecord = {
      name: 'refund-policy-judge-strict',
      status: 'judged',
      pass: false,
      score: 0,
      reasoning,
      judges: ['gpt-4o'],
      calls: { live: 1, stored: 0, invalid: 0 },
    }
    const samples: SampleOutcome[] = ['refund-policy-question-about-thirty-days', 'r2'].map((sampleId) => ({
      meta: { kind: 'sample', sampleId, status: 'scored', scores: { accuracy: 0 }, judge: [judge] },
      status: 'wrong',
      name: sampleId,
    }))
    const lines = wrongLines([report('customer-support-refunds', samples)], 120)
    expect(lines.map((line) => line.length).filter((length) => length > 120)).toEqual([])
    expect(lines).toMatchInlineSnapshot(`
      [
        "  customer-support-refunds: 2 wrong:",
        "    refund-policy-question-about-thirty-days: the judge failed the output: "The reply promises a …y, and says so twice."",
        "    r2: the judge "refund-policy-judge-strict" failed the output: "The reply promises a refun… only, and says so twice."",
      ]
    `)
  })

  it("says when a wrong sample's tool loop stopped at maxSteps, counting the steps of its last turn, within the width", () => {
    const step = (turn?: number): TrajectoryStep => ({
      text: 'Let me look that up once more.',
      toolCalls: [{ id: 'c1', name: 'search', arguments: { q: 'refunds' }, rawArguments: '{"q":"refunds"}' }],
      toolResults: [{ toolCallId: 'c1', name: 'search', output: 'no results', durationMs: 1 }],
      latencyMs: 5,
      ...(turn === undefined ? {} : { turn }),
    })
    const looped: Trajectory = { steps: Array.from({ length: 10 }, () => step()), ended: 'max-steps' }
    const conversation: Trajectory = { steps: [step(1), step(2), step(2), step(2)], ended: 'max-steps' }
    const answered: Trajectory = { steps: [step(), { ...step(), toolCalls: [], toolResults: [] }], ended: 'reply' }
    const reply = 'Let me look that up once more, the refund policy is somewhere in the knowledge base I think.'
    const samples = [
      scored('refund-window', 'How many days?', '14', reply, { kind: 'number' }, { trajectory: trajectoryText(looped) }),
      scored('second-turn', 'And for gifts?', '30', reply, { kind: 'number' }, { trajectory: trajectoryText(conversation) }),
      scored('answered', 'How many days?', '14', 'It is 30 days.', { kind: 'number' }, { trajectory: trajectoryText(answered) }),
    ]
    const lines = wrongLines([report('support-agent', samples)], 120)
    expect(lines.map((line) => line.length).filter((length) => length > 120)).toEqual([])
    expect(lines).toMatchInlineSnapshot(`
      [
        "  support-agent: 3 wrong:",
        "    refund-window: target 14, read nothing in "Let me look that u…edge base I think." (number), stopped at maxSteps (10)",
        "    second-turn: target 30, read nothing in "Let me look that up …ledge base I think." (number), stopped at maxSteps (3)",
        "    answered: target 14, read 30 from "It is 30 days." (number)",
      ]
    `)
  })
})
