import { stripVTControlCharacters } from 'node:util'
import stringWidth from 'string-width'
import { describe, expect, it } from 'vitest'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { buildReport } from '../../src/report/build-report.ts'
import type { BenchmarkRecords, SampleOutcome } from '../../src/records/collect-runs.ts'
import { githubAnnotations } from '../../src/render/github.ts'
import { renderMarkdown } from '../../src/render/render-markdown.ts'
import { renderReports } from '../../src/render/render-table.ts'
import type { Baseline, BenchmarkMeta, JudgeRecord, Report } from '../../src/schema/index.ts'

function outcome(sampleId: string, right: boolean, subset?: string): SampleOutcome {
  return {
    meta: {
      kind: 'sample',
      sampleId,
      status: 'scored',
      scores: { accuracy: right ? 1 : 0 },
      latencyMs: 120,
      ...(subset ? { subset } : {}),
    },
    status: right ? 'right' : 'wrong',
    name: sampleId,
  }
}

function report(meta: Partial<BenchmarkMeta>, samples: SampleOutcome[], baseline?: Baseline['models'][string]): Report {
  const run: BenchmarkRecords = {
    meta: { kind: 'benchmark', name: 'qa', model: 'gpt-4o-mini', thresholds: {}, maxErrors: 0, ...meta },
    file: `evals/${meta.name}.eval.ts`,
    samples,
  }
  return buildReport(run, {
    createdAt: '2025-01-01T00:00:00.000Z',
    catalog: createMetricCatalog(),
    baseline: { file: `evals/__baselines__/${meta.name}.json`, entry: baseline },
    updating: false,
    missingBaselineFails: true,
  })
}

// capitals: 12 samples in two subsets, 10 right, gated at 75% with a stricter floor on "europe"
const capitals = report(
  { name: 'capitals', thresholds: { accuracy: { min: 0.75, subsets: { europe: 0.9 } } } },
  Array.from({ length: 12 }, (_, i) => outcome(`cap-${i}`, i !== 3 && i !== 8, i < 6 ? 'americas' : 'europe')),
)
// gsm8k: 200 samples, 80% right in the baseline, 70% now (22 flipped to wrong, 2 to right): a real regression
const baselineScores = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`g${String(i).padStart(3, '0')}`, i < 160 ? 1 : 0]))
const nowRight = (i: number): boolean => (i < 160 ? i >= 22 : i < 162)
const gsm8k = report(
  { name: 'gsm8k', primaryMetric: 'accuracy', regression: { maxDrop: 0.02, alpha: 0.05 } },
  Array.from({ length: 200 }, (_, i) => outcome(`g${String(i).padStart(3, '0')}`, nowRight(i))),
  { metrics: { accuracy: baselineScores } },
)

describe('renderReports', () => {
  const text = renderReports([capitals, gsm8k], { color: false })

  it('prints one table per model with n, score, interval, the change against the baseline with p, and each gate', () => {
    expect(text).toMatchInlineSnapshot(`
      "
       evalsuite · model gpt-4o-mini

        benchmark  subset    metric            n    score  95% CI          Δ baseline     gate
        capitals   all       accuracy          12!  83.3%  [53.4%, 97.0%]                 pass ≥ 75.0%
        capitals   all       accuracy (macro)  12!  83.3%  [53.4%, 97.0%]
        capitals   americas  accuracy          6!   83.3%  [40.7%, 99.1%]
        capitals   europe    accuracy          6!   83.3%  [40.7%, 99.1%]                 FAIL < 90.0%
        gsm8k      all       accuracy          200  70.0%  [63.2%, 76.0%]  -10.0 p<0.001  FAIL drop > 2.0
        capitals: latency p50 120 ms, p90 120 ms, p99 120 ms
        capitals: 2 wrong:
          cap-3: the scorer returned a failing verdict
          cap-8: the scorer returned a failing verdict
        capitals: note: only 12 samples: the 95% interval of accuracy spans 43.6 points, so smaller changes cannot be told from noise
        gsm8k: latency p50 120 ms, p90 120 ms, p99 120 ms
        gsm8k: 60 wrong:
          g000: the scorer returned a failing verdict
          g001: the scorer returned a failing verdict
          g002: the scorer returned a failing verdict
          and 57 more (g003, g004, g005, g006, g007 and 52 more)
        ! fewer than 30 samples: the interval is wide, and only a large change can be told from noise"
    `)
  })

  it('says why a figure has no interval instead of printing a bare point: one sample', () => {
    // a continuous score of one sample has no t interval; here the accuracy row of one sample stands for it
    const one = report({ name: 'single' }, [outcome('q1', true)])
    const scored = { ...one, metrics: one.metrics.map((row) => (row.metric === 'accuracy' ? { ...row, interval: null } : row)) }
    const table = stripVTControlCharacters(renderReports([scored], { color: false }))
    expect(table).toMatch(/accuracy +1! +100\.0% +no interval: one sample/)
    expect(renderMarkdown([scored], { passed: true, notJudged: [] })).toContain('| 100.0% | no interval: one sample |')
  })

  it('keeps the table within 100 columns', () => {
    const table = text.split('\n').filter((line) => /^ {2}(benchmark|capitals |gsm8k )/.test(line))
    expect(table).toHaveLength(6)
    for (const line of table) expect(line.length).toBeLessThanOrEqual(100)
  })

  it('colours gates, warnings and significant changes only when asked to, without moving a column', () => {
    const coloured = renderReports([capitals, gsm8k], { color: true })
    expect(coloured).not.toBe(text)
    expect(coloured).toContain('\u001b[31m\u001b[1mFAIL drop > 2.0')
    expect(stripVTControlCharacters(coloured)).toBe(text)
    expect(text).not.toContain('\u001b[')
  })

  it('lines columns up by the columns a name takes on screen, two for each CJK character', () => {
    const wide = renderReports([report({ name: '数学推理' }, [outcome('m1', true)]), report({ name: 'gsm8k' }, [outcome('g1', true)])])
    const rows = wide.split('\n').filter((line) => /^ {2}(benchmark|数学推理|gsm8k) /.test(line))
    expect(rows).toHaveLength(3)
    // 数学推理 is 4 characters and 8 columns wide, "benchmark" 9: the subset column starts at column 13 on every row
    for (const row of rows) expect(stringWidth(row.slice(0, row.search(/ (subset|all)/) + 1))).toBe(13)
  })

  it('writes token counts with thousands separators', () => {
    const samples = Array.from({ length: 10 }, (_, i) => ({
      ...outcome(`t${i}`, true),
      meta: { ...outcome(`t${i}`, true).meta, usage: { inputTokens: 1500, outputTokens: 120 } },
    }))
    expect(renderReports([report({ name: 'tokens' }, samples)])).toContain('tokens 15,000 in, 1,200 out')
  })

  it('lists the samples that are new or missing against the baseline', () => {
    const changed = report({ name: 'gsm8k', regression: { maxDrop: 0.02, alpha: 0.05 } }, [outcome('g000', true), outcome('g999', true)], {
      metrics: { accuracy: { g000: 1, g001: 1 } },
    })
    expect(renderReports([changed], { color: false })).toContain(
      '  gsm8k: vs evals/__baselines__/gsm8k.json: 1 shared, 1 new (g999), 1 missing (g001)',
    )
  })
})

describe("the judges' usage", () => {
  const judged = (sampleId: string, record: Partial<JudgeRecord>): SampleOutcome => {
    const base = outcome(sampleId, true)
    const judge: JudgeRecord = {
      name: 'polite',
      status: 'judged',
      pass: true,
      score: 1,
      judges: ['gpt-4o'],
      calls: { live: 1, stored: 0, invalid: 0 },
      ...record,
    }
    return { ...base, meta: { ...base.meta, usage: { inputTokens: 40, outputTokens: 8 }, costUsd: 0.00002, judge: [judge] } }
  }
  const replies = report({ name: 'replies' }, [
    judged('r1', { usage: { inputTokens: 1200, outputTokens: 90 }, costUsd: 0.0039 }),
    judged('r2', { usage: { inputTokens: 1100, outputTokens: 70 }, costUsd: 0.00345 }),
    judged('r3', { calls: { live: 0, stored: 1, invalid: 0 }, costUsd: 0 }),
  ])
  const unreadable = report({ name: 'unreadable' }, [
    judged('u1', { calls: { live: 2, stored: 0, invalid: 1 } }),
    judged('u2', { calls: { live: 1, stored: 1, invalid: 1 } }),
  ])

  it("totals the judges' tokens and cost in the report, apart from the model under test's", () => {
    expect(replies.usage).toEqual({ inputTokens: 120, outputTokens: 24 })
    expect(replies.costUsd).toBe(0.00006)
    expect(replies.judge).toMatchObject({
      calls: { live: 2, stored: 1, invalid: 0 },
      usage: { inputTokens: 2300, outputTokens: 160 },
      costUsd: 0.00735,
    })
  })

  it("shows them on a line of their own, labelled as the judge's", () => {
    const lines = renderReports([replies], { color: false })
      .split('\n')
      .filter((line) => line.startsWith('  replies:'))
    expect(lines).toMatchInlineSnapshot(`
      [
        "  replies: latency p50 120 ms, p90 120 ms, p99 120 ms; tokens 120 in, 24 out; cost $0.00006",
        "  replies: judge gpt-4o: 2 call(s), 1 stored verdict(s); tokens 2,300 in, 160 out; cost $0.00735",
        "  replies: note: only 3 samples: the 95% interval of accuracy spans 61.7 points, so smaller changes cannot be told from noise",
      ]
    `)
  })

  it('counts the invalid replies on that line, where there were any', () => {
    const line = renderReports([unreadable], { color: false })
      .split('\n')
      .find((text) => text.startsWith('  unreadable: judge'))
    expect(line).toBe('  unreadable: judge gpt-4o: 3 call(s), 1 stored verdict(s), 2 invalid replies')
  })

  it('gives a null cost when no judge has a price', () => {
    expect(report({ name: 'unpriced' }, [judged('u1', { usage: { inputTokens: 10, outputTokens: 2 } })]).judge?.costUsd).toBeNull()
  })
})

describe('renderMarkdown', () => {
  it('gives a job summary with the tables, the failed gates and their reasons', () => {
    expect(renderMarkdown([capitals, gsm8k], { passed: false, notJudged: [] })).toMatchInlineSnapshot(`
      "## evalsuite: FAIL

      ### Model \`gpt-4o-mini\`

      | benchmark | subset | metric | n | score | 95% CI | Δ baseline | gate |
      | --- | --- | --- | ---: | ---: | --- | --- | --- |
      | capitals | all | accuracy | 12! | 83.3% | [53.4%, 97.0%] |  | pass ≥ 75.0% |
      | capitals | all | accuracy (macro) | 12! | 83.3% | [53.4%, 97.0%] |  |  |
      | capitals | americas | accuracy | 6! | 83.3% | [40.7%, 99.1%] |  |  |
      | capitals | europe | accuracy | 6! | 83.3% | [40.7%, 99.1%] |  | **FAIL < 90.0%** |
      | gsm8k | all | accuracy | 200 | 70.0% | [63.2%, 76.0%] | -10.0 p<0.001 | **FAIL drop > 2.0** |

      - :x: **capitals**: gate accuracy (subset europe) failed, 0.833 < min 0.9
      - :warning: **capitals**: only 12 samples: the 95% interval of accuracy spans 43.6 points, so smaller changes cannot be told from noise
      - :x: **gsm8k**: regression gate on accuracy failed, dropped 10.0 points, more than maxDrop 2.0 points, and significant (p<0.001 < α 0.05)
      "
    `)
  })
})

describe('githubAnnotations', () => {
  it('gives one ::error per failed gate on the eval file, escaping what GitHub would misread', () => {
    expect(githubAnnotations([capitals, gsm8k])).toEqual([
      '::error file=evals/capitals.eval.ts,title=evalsuite%3A capitals [gpt-4o-mini]::gate accuracy (subset europe) failed, 0.833 < min 0.9',
      '::error file=evals/gsm8k.eval.ts,title=evalsuite%3A gsm8k [gpt-4o-mini]::regression gate on accuracy failed, dropped 10.0 points, more than maxDrop 2.0 points, and significant (p<0.001 < α 0.05)',
    ])
  })
})
