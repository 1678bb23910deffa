import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE, readReport, runVitest, tableRows } from './run-fixture.ts'

const BASELINE = `${FIXTURE}evals/__baselines__/regression.json`
const quality = (name: 'baseline' | 'noisy' | 'worse'): Record<string, string> => ({ EVALSUITE_FIXTURE_QUALITY: name })

describe('baselines and the regression gate, as a user runs them', () => {
  let summaryDir: string
  beforeAll(async () => {
    await rm(BASELINE, { force: true })
    summaryDir = await mkdtemp(join(tmpdir(), 'evalsuite-summary-'))
  })
  afterAll(async () => {
    await rm(BASELINE, { force: true })
    await rm(summaryDir, { recursive: true, force: true })
  })

  it('fails in CI while the benchmark has no baseline, saying how to record one', async () => {
    const run = await runVitest(['regression'], quality('baseline'))
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      'regression [task]: regression gate on accuracy failed, no baseline scores of "accuracy" for model "task" in evals/__baselines__/regression.json: run "vitest run -u" and commit the file',
    )
  })

  it('writes the baseline with -u: sorted, one sample per line, the same bytes on every run', async () => {
    const run = await runVitest(['regression', '-u'], quality('baseline'))
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('baseline written: evals/__baselines__/regression.json')
    const written = await readFile(BASELINE, 'utf8')
    expect(written.split('\n').slice(0, 9)).toEqual([
      '{',
      '  "benchmark": "regression",',
      '  "models": {',
      '    "task": {',
      '      "metrics": {',
      '        "accuracy": {',
      '          "r000": 1,',
      '          "r001": 1,',
      '          "r002": 1,',
    ])
    expect(written.match(/"r\d{3}": [01]/g)).toHaveLength(200)
    await runVitest(['regression', '-u'], quality('baseline'))
    expect(await readFile(BASELINE, 'utf8')).toBe(written)
  })

  it('passes a noisy 1-point drop, showing the change, its p-value and why the gate held', async () => {
    const run = await runVitest(['regression'], quality('noisy'))
    expect(run.code).toBe(0)
    expect(tableRows(run.stdout, 'regression')).toEqual([
      'regression | all | accuracy | 200 | 79.0% | [72.7%, 84.2%] | -1.0 p=0.73 | pass drop n.s.',
      'regression: 42 wrong:',
    ])
    const report = await readReport('regression')
    expect(report.baseline).toMatchObject({ found: true, shared: 200, newSamples: [], missingSamples: [] })
    expect(report.baseline!.metrics[0]).toMatchObject({ test: 'mcnemar', worse: 5, better: 3, pValue: expect.closeTo(0.7265625, 10) })
  })

  it('fails a real 10-point drop on the same samples, with a GitHub annotation and a job summary', async () => {
    const summary = join(summaryDir, 'summary.md')
    const run = await runVitest(['regression'], { ...quality('worse'), GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary })
    expect(run.code).toBe(1)
    const reason =
      'regression gate on accuracy failed, dropped 10.0 points, more than maxDrop 0.5 points, and significant (p<0.001 < α 0.05)'
    expect(run.stdout).toContain(`regression [task]: ${reason}`)
    expect(run.stdout).toMatch(
      /^::error file=evals\/regression\.eval\.ts,title=evalsuite%3A regression \[task\]::regression gate on accuracy failed/m,
    )
    const markdown = await readFile(summary, 'utf8')
    expect(markdown).toContain('## evalsuite: FAIL')
    expect(markdown).toContain('| regression | all | accuracy | 200 | 70.0% | [63.2%, 76.0%] | -10.0 p<0.001 | **FAIL drop > 0.5** |')
    expect(markdown).toContain(`- :x: **regression**: ${reason}`)
    const report = await readReport('regression')
    expect(report.gates).toEqual([
      expect.objectContaining({
        kind: 'regression',
        outcome: 'regressed',
        passed: false,
        pValue: expect.closeTo(3.5881996154785156e-5, 12),
      }),
    ])
  })

  it('rewrites the baseline from a worse run with -u, and then holds', async () => {
    const update = await runVitest(['regression', '-u'], quality('worse'))
    expect(update.code).toBe(0)
    expect(update.stdout).toContain('pass updating')
    const run = await runVitest(['regression'], quality('worse'))
    expect(run.code).toBe(0)
    expect(tableRows(run.stdout, 'regression')[0]).toBe(
      'regression | all | accuracy | 200 | 70.0% | [63.2%, 76.0%] | +0.0 p=1.00 | pass no drop',
    )
  })
})

describe("a judge's kappa against its baseline, as a user runs it", () => {
  const file = `${FIXTURE}evals/__baselines__/human-labels.json`
  beforeAll(async () => rm(file, { force: true }))
  afterAll(async () => rm(file, { force: true }))

  it('keeps the labels and verdicts with -u, and fails the regression gate when the judge gets worse', async () => {
    expect((await runVitest(['human-labels', '-u'])).code).toBe(0)
    const written = JSON.parse(await readFile(file, 'utf8')) as {
      models: Record<string, { judge?: Record<string, Record<string, string>> }>
    }
    expect(written.models.grader!.judge).toMatchObject({ expected: { h00: 'good', h01: 'bad' }, original: { h00: 'good', h01: 'bad' } })
    expect((await runVitest(['human-labels'])).code).toBe(0)
    const run = await runVitest(['human-labels'], quality('worse'))
    expect(run.code).toBe(1)
    const report = await readReport('human-labels')
    expect(report.baseline!.metrics.find((c) => c.metric === 'judge_kappa_original')).toMatchObject({
      test: 'paired-bootstrap',
      n: 40,
      baseline: 1,
      delta: expect.closeTo(-0.6, 12),
      worse: 12,
    })
    expect(report.gates).toEqual([
      expect.objectContaining({ kind: 'regression', metric: 'judge_kappa_original', outcome: 'regressed', passed: false }),
    ])
  })
})
