import { describe, expect, it } from 'vitest'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { buildReport } from '../../src/report/build-report.ts'
import type { SampleOutcome } from '../../src/records/collect-runs.ts'
import { decideOutcome } from '../../src/gates/exit-code.ts'
import { githubAnnotations } from '../../src/render/github.ts'
import { renderMarkdown } from '../../src/render/render-markdown.ts'
import { renderReports } from '../../src/render/render-table.ts'
import { outcomeLines } from '../../src/render/outcome-lines.ts'
import type { Report } from '../../src/schema/index.ts'

// names as a data file, an eval file or an endpoint may give them: other scripts, paths, hidden-file dots, and
// markup, links and terminal sequences that must reach the reader as text
const BENCHMARK = '数学 <b>bold</b> [x](javascript:alert(1))\u001b[2J'
const SUBSET = 'Проверка/знаний\u001b]0;pwned\u0007 | *all*'
const METRIC = 'score\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007'
const MODEL = 'org/model`v1`\r\n::error::spoofed'
const HIDDEN_ID = '..hidden/\u009b31mred\u202eevil'
const ERROR = 'endpoint said: <img src=x onerror=alert(1)>\n\u001b[31mred\u001b[0m'

function sample(sampleId: string, right: boolean | 'errored', subset?: string): SampleOutcome {
  if (right === 'errored')
    return { meta: { kind: 'sample', sampleId, status: 'errored', error: ERROR }, status: 'errored', name: sampleId, error: ERROR }
  const meta = {
    kind: 'sample' as const,
    sampleId,
    status: 'scored' as const,
    scores: { accuracy: right ? 1 : 0, [METRIC]: 1 },
    ...(subset ? { subset } : {}),
  }
  return { meta, status: right ? 'right' : 'wrong', name: sampleId }
}

const hostile: Report = buildReport(
  {
    meta: { kind: 'benchmark', name: BENCHMARK, model: MODEL, thresholds: { accuracy: { subsets: { [SUBSET]: 0.9 } } }, maxErrors: 0 },
    file: 'evals/hostile.eval.ts',
    samples: [
      sample('q1', true, SUBSET),
      sample(HIDDEN_ID, false, SUBSET),
      sample('www.evil.example', false),
      sample('a@b.example', 'errored'),
    ],
  },
  {
    createdAt: '2025-01-01T00:00:00.000Z',
    catalog: createMetricCatalog(),
    baseline: { file: 'evals/__baselines__/hostile.json', entry: { metrics: { accuracy: { q1: 1, 'old_<i>id</i>': 1 } } } },
    updating: false,
    missingBaselineFails: true,
  },
)

// what the terminal would obey: ESC, CSI, OSC, BEL, a bare line break or carriage return, a bidi override
const LIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

describe('names from the data, the eval file and the endpoint', () => {
  it('reach the terminal as visible text, every control character written out, and the colours still ours', () => {
    const text = renderReports([hostile], { color: false })
    expect(text).toMatchInlineSnapshot(`
      "
       evalsuite · model org/model\`v1\`\\r\\n::error::spoofed

        benchmark                                         subset                                   metric                                                         n   score   95% CI            Δ baseline   gate
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J  all                                      accuracy                                                       3!  33.3%   [1.7%, 88.2%]     +0.0 p=1.00
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J  all                                      accuracy (macro)                                               3!  25.0%   [0.4%, 86.7%]
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J  (none)                                   accuracy                                                       1!  0.0%    [0.0%, 94.9%]
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J  Проверка/знаний\\x1b]0;pwned\\x07 | *all*  accuracy                                                       2!  50.0%   [2.6%, 97.4%]                  FAIL < 90.0%
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J  all                                      score\\x1b]8;;https://evil.example\\x07link\\x1b]8;;\\x07          3!  1.0000  [0.3832, 1.0000]
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J  all                                      score\\x1b]8;;https://evil.example\\x07link\\x1b]8;;\\x07 (macro)  3!  1.0000  [0.3518, 1.0000]
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J  (none)                                   score\\x1b]8;;https://evil.example\\x07link\\x1b]8;;\\x07          1!  1.0000  [0.0513, 1.0000]
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J  Проверка/знаний\\x1b]0;pwned\\x07 | *all*  score\\x1b]8;;https://evil.example\\x07link\\x1b]8;;\\x07          2!  1.0000  [0.1777, 1.0000]
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J: vs evals/__baselines__/hostile.json: 1 shared, 2 new (..hidden/\\x9b31mred\\u202eevil, www.evil.example), 1 missing (old_<i>id</i>)
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J: 2 wrong:
          ..hidden/\\x9b31mred\\u202eevil: the scorer returned a failing verdict
          www.evil.example: the scorer returned a failing verdict
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J: 1 errored, maxErrors 0 (a@b.example); first: endpoint said: <img src=x onerror=alert(1)> \\x1b[31mred\\x1b[0m
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J: note: "score\\x1b]8;;https://evil.example\\x07link\\x1b]8;;\\x07" is not in the metric catalog: shown as a bare value, never compared with the baseline; declare it with evalsuite({ metricDefinitions: { 'score\\u001b]8;;https://evil.example\\u0007link\\u001b]8;;\\u0007': { direction: 'higher' } } })
        数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J: note: only 3 samples: the 95% interval of accuracy spans 86.4 points, so smaller changes cannot be told from noise
        ! fewer than 30 samples: the interval is wide, and only a large change can be told from noise"
    `)
    expect(text).not.toMatch(LIVE)
    const coloured = renderReports([hostile], { color: true })
    expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(text)
    expect(coloured).toContain('\u001b[31m\u001b[1mFAIL < 90.0%\u001b[22m\u001b[39m')
  })

  it('end the run in the terminal as visible text too', () => {
    const verdict = decideOutcome({ reason: 'failed', unhandledErrors: 0, failures: [`evals/x.eval.ts: ${ERROR}`], reports: [hostile] })
    const text = outcomeLines(verdict, [hostile], 'eval-reports')
    expect(text).toMatchInlineSnapshot(`
      "
       evalsuite: FAIL
         - failed outside scoring: evals/x.eval.ts: endpoint said: <img src=x onerror=alert(1)>\\n\\x1b[31mred\\x1b[0m
         - 数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J [org/model\`v1\`\\r\\n::error::spoofed]: gate accuracy (subset Проверка/знаний\\x1b]0;pwned\\x07 | *all*) failed, 0.5 < min 0.9
         - 数学 <b>bold</b> [x](javascript:alert(1))\\x1b[2J [org/model\`v1\`\\r\\n::error::spoofed]: 1 errored sample(s), maxErrors is 0
       Reports in eval-reports/
      "
    `)
    expect(text).not.toMatch(LIVE)
  })

  it('reach the job summary as text: no tag, link, emphasis, autolink or table cell of their own', () => {
    const markdown = renderMarkdown([hostile], { passed: false, notJudged: [] })
    expect(markdown).toMatchInlineSnapshot(`
      "## evalsuite: FAIL

      ### Model \`\`org/model\`v1\`\\r\\n::error::spoofed\`\`

      | benchmark | subset | metric | n | score | 95% CI | Δ baseline | gate |
      | --- | --- | --- | ---: | ---: | --- | --- | --- |
      | 数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J | all | accuracy | 3! | 33.3% | [1.7%, 88.2%] | +0.0 p=1.00 |  |
      | 数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J | all | accuracy (macro) | 3! | 25.0% | [0.4%, 86.7%] |  |  |
      | 数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J | (none) | accuracy | 1! | 0.0% | [0.0%, 94.9%] |  |  |
      | 数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J | Проверка/знаний\\\\x1b]0;pwned\\\\x07 \\| \\*all\\* | accuracy | 2! | 50.0% | [2.6%, 97.4%] |  | **FAIL < 90.0%** |
      | 数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J | all | score\\\\x1b]8;;https\\://evil.example\\\\x07link\\\\x1b]8;;\\\\x07 | 3! | 1.0000 | [0.3832, 1.0000] |  |  |
      | 数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J | all | score\\\\x1b]8;;https\\://evil.example\\\\x07link\\\\x1b]8;;\\\\x07 (macro) | 3! | 1.0000 | [0.3518, 1.0000] |  |  |
      | 数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J | (none) | score\\\\x1b]8;;https\\://evil.example\\\\x07link\\\\x1b]8;;\\\\x07 | 1! | 1.0000 | [0.0513, 1.0000] |  |  |
      | 数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J | Проверка/знаний\\\\x1b]0;pwned\\\\x07 \\| \\*all\\* | score\\\\x1b]8;;https\\://evil.example\\\\x07link\\\\x1b]8;;\\\\x07 | 2! | 1.0000 | [0.1777, 1.0000] |  |  |

      - :x: **数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J**: gate accuracy (subset Проверка/знаний\\\\x1b]0;pwned\\\\x07 \\| \\*all\\*) failed, 0.5 < min 0.9
      - :warning: **数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J**: "score\\\\x1b]8;;https\\://evil.example\\\\x07link\\\\x1b]8;;\\\\x07" is not in the metric catalog: shown as a bare value, never compared with the baseline; declare it with evalsuite({ metricDefinitions: { 'score\\\\u001b]8;;https\\://evil.example\\\\u0007link\\\\u001b]8;;\\\\u0007': { direction: 'higher' } } })
      - :warning: **数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J**: only 3 samples: the 95% interval of accuracy spans 86.4 points, so smaller changes cannot be told from noise
      - :x: **数学 \\<b>bold\\</b> [x\\](javascript:alert(1))\\\\x1b[2J**: 1 errored sample(s), maxErrors is 0
      "
    `)
    expect(markdown).not.toMatch(LIVE)
  })

  it('reach GitHub annotations as one command each, their properties unbroken', () => {
    const annotations = githubAnnotations([hostile])
    expect(annotations).toMatchInlineSnapshot(`
      [
        "::error file=evals/hostile.eval.ts,title=evalsuite%3A 数学 <b>bold</b> [x](javascript%3Aalert(1))\\x1b[2J [org/model\`v1\`%0D%0A%3A%3Aerror%3A%3Aspoofed]::gate accuracy (subset Проверка/знаний\\x1b]0;pwned\\x07 | *all*) failed, 0.5 < min 0.9",
        "::error file=evals/hostile.eval.ts,title=evalsuite%3A 数学 <b>bold</b> [x](javascript%3Aalert(1))\\x1b[2J [org/model\`v1\`%0D%0A%3A%3Aerror%3A%3Aspoofed]::1 errored sample(s), maxErrors is 0",
      ]
    `)
    for (const line of annotations) expect(line).not.toMatch(LIVE)
  })

  it('keep ordinary names as they are: any script, spaces, -, _, ., / and 300 characters', () => {
    const long = `${'Word problems, grade 8 - '.repeat(12)}end`.slice(0, 300)
    const names = ['数学推理', 'Проверка знаний', 'mmlu/high_school_physics', '.hidden-v1.2', long]
    const plain = names.map((name) =>
      buildReport(
        {
          meta: { kind: 'benchmark', name, model: 'gpt-4o-mini', thresholds: {}, maxErrors: 0 },
          file: 'evals/plain.eval.ts',
          samples: [sample('q1', true)],
        },
        {
          createdAt: '2025-01-01T00:00:00.000Z',
          catalog: createMetricCatalog(),
          baseline: { file: 'evals/__baselines__/plain.json', entry: undefined },
          updating: false,
          missingBaselineFails: true,
        },
      ),
    )
    const table = renderReports(plain, { color: false })
    const markdown = renderMarkdown(plain, { passed: true, notJudged: [] })
    for (const name of names) {
      expect(table).toContain(`  ${name}  `)
      expect(markdown).toContain(`| ${name} |`)
    }
  })
})
