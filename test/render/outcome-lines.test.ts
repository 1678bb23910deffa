import { describe, expect, it } from 'vitest'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { buildReport } from '../../src/report/build-report.ts'
import type { BenchmarkRecords, SampleOutcome } from '../../src/records/collect-runs.ts'
import { decideOutcome } from '../../src/gates/exit-code.ts'
import { githubAnnotations } from '../../src/render/github.ts'
import { renderMarkdown } from '../../src/render/render-markdown.ts'
import { outcomeLines } from '../../src/render/outcome-lines.ts'
import type { Report } from '../../src/schema/index.ts'

function outcome(sampleId: string, right: boolean): SampleOutcome {
  return {
    meta: { kind: 'sample', sampleId, status: 'scored', scores: { accuracy: right ? 1 : 0 } },
    status: right ? 'right' : 'wrong',
    name: sampleId,
  }
}

// a benchmark of four samples gated at 90% accuracy; `right` of them are answered right
function report(name: string, right: number, shards?: BenchmarkRecords['shards'], extra: SampleOutcome[] = []): Report {
  const samples = [...Array.from({ length: 4 }, (_, i) => outcome(`${name}-${i}`, i < right)), ...extra]
  const run: BenchmarkRecords = {
    meta: { kind: 'benchmark', name, model: 'task', thresholds: { accuracy: 0.9 }, maxErrors: 0 },
    file: `evals/${name}.eval.ts`,
    samples,
    ...(shards ? { shards } : {}),
  }
  return buildReport(run, {
    createdAt: '2025-01-01T00:00:00.000Z',
    catalog: createMetricCatalog(),
    baseline: { file: `evals/__baselines__/${name}.json`, entry: undefined },
    updating: false,
    missingBaselineFails: true,
  })
}

function lines(reports: Report[]): string {
  return outcomeLines(decideOutcome({ reason: 'failed', unhandledErrors: 0, failures: [], reports }), reports, 'eval-reports')
}

describe('outcomeLines', () => {
  it('says PASS, every gate held, when every benchmark ran whole and held its gates', () => {
    expect(lines([report('whole', 4)])).toMatchInlineSnapshot(`
      "
       evalsuite: PASS, every gate held. Reports in eval-reports/
      "
    `)
  })

  it('says that no gate was evaluated when the run holds a shard of every benchmark, even one that falls short in it', () => {
    expect(lines([report('alone', 0, { count: 2, merged: [1] })])).toMatchInlineSnapshot(`
      "
       evalsuite: no gate evaluated in this shard run (shard 1 of 2 of "alone"); the merged run (--merge-reports) evaluates its gates. No real error; 4 wrong answer(s) are data, not failures. Reports in eval-reports/
      "
    `)
  })

  it('groups the shards of a run whose benchmarks were sharded apart', () => {
    const reports = ['a', 'b', 'c', 'd'].map((name) => report(name, 4, { count: 2, merged: [2] }))
    reports.push(report('e', 4, { count: 4, merged: [1] }))
    expect(lines(reports)).toMatchInlineSnapshot(`
      "
       evalsuite: no gate evaluated in this shard run (shard 2 of 2 of "a", "b", "c" and 1 more; shard 1 of 4 of "e"); the merged run (--merge-reports) evaluates their gates. No real error. Reports in eval-reports/
      "
    `)
  })

  it('says both when a run mixes whole benchmarks and shards', () => {
    expect(lines([report('whole', 4), report('part', 0, { count: 2, merged: [2] })])).toMatchInlineSnapshot(`
      "
       evalsuite: PASS, every gate held in 1 benchmark run whole; 1 benchmark not evaluated (shard 2 of 2 of "part"): the merged run (--merge-reports) evaluates its gates; 4 wrong answer(s) are data, not failures. Reports in eval-reports/
      "
    `)
  })

  it('fails a shard run on a real error, and still says its gates were not evaluated', () => {
    const errored: SampleOutcome = {
      meta: { kind: 'sample', sampleId: 'boom', status: 'errored', error: 'HTTP 500' },
      status: 'errored',
      name: 'boom',
      error: 'HTTP 500',
    }
    expect(lines([report('alone', 4, { count: 2, merged: [1] }, [errored])])).toMatchInlineSnapshot(`
      "
       evalsuite: FAIL
         - alone [task]: 1 errored sample(s), maxErrors is 0
       Not evaluated (shard 1 of 2 of "alone"): the merged run (--merge-reports) evaluates its gates.
       Reports in eval-reports/
      "
    `)
  })

  it('fails a whole benchmark on its gate beside a shard run, naming the gate', () => {
    expect(lines([report('whole', 2), report('part', 0, { count: 2, merged: [2] })])).toMatchInlineSnapshot(`
      "
       evalsuite: FAIL
         - whole [task]: gate accuracy failed, 0.5 < min 0.9
       Not evaluated (shard 2 of 2 of "part"): the merged run (--merge-reports) evaluates its gates.
       Reports in eval-reports/
      "
    `)
  })
})

describe('a shard run on GitHub', () => {
  const alone = report('alone', 0, { count: 2, merged: [1] })
  const verdict = decideOutcome({ reason: 'failed', unhandledErrors: 0, failures: [], reports: [alone] })

  it('annotates none of its gates as an error', () => {
    expect(githubAnnotations([alone])).toEqual([])
  })

  it('heads the job summary with no gate evaluated, and lists no failed gate', () => {
    expect(renderMarkdown([alone], verdict)).toMatchInlineSnapshot(`
      "## evalsuite: no gate evaluated (shard run)

      ### Model \`task\`

      | benchmark | subset | metric | n | score | 95% CI | gate |
      | --- | --- | --- | ---: | ---: | --- | --- |
      | alone | all | accuracy | 4! | 0.0% | [0.0%, 53.9%] | not evaluated: shard 1 of 2 |

      - :hourglass: **alone**: gates not evaluated, this run holds shard 1 of 2; the merged run evaluates them
      - :warning: **alone**: only 4 samples: the 95% interval of accuracy spans 53.9 points, so smaller changes cannot be told from noise
      "
    `)
  })
})
