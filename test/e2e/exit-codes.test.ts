import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { failedTests, readReport, runVitest, spawnVitest, tableRows, vitestSummary } from './run-fixture.ts'

describe('a user runs evals with `vitest run`', () => {
  let server: FakeServer

  // each test reads the report its own run has just written; other test files write other benchmarks' reports
  beforeAll(async () => {
    server = await startFakeServer()
  })
  afterAll(() => server.close())

  it('exits 0 when every gate holds although a sample is wrong, and lists the wrong sample compactly', async () => {
    const run = await runVitest(['wrong-but-passing'])
    expect(run.code).toBe(0)
    expect(tableRows(run.stdout, 'wrong-but-passing')).toMatchInlineSnapshot(`
      [
        "wrong-but-passing | all | accuracy | 4! | 75.0% | [26.7%, 98.7%] | pass ≥ 70.0%",
        "wrong-but-passing: 1 wrong: q3: target 8, read 9 (exact)",
        "wrong-but-passing: note: only 4 samples: the 95% interval of accuracy spans 72.1 points, so smaller changes cannot be told from noise",
      ]
    `)
    expect(run.stdout).toContain('evalsuite: PASS')
    // Vitest's own summary agrees: the wrong sample ends skipped with its reason, and both gate tests pass
    expect(vitestSummary(run.stdout)).toEqual(['Test Files  1 passed (1)', 'Tests  5 passed | 1 skipped (6)'])
    expect(run.stdout).not.toContain('Failed Tests')
    expect(run.stderr).not.toContain('AssertionError')
    const report = await readReport('wrong-but-passing')
    expect(report.counts).toEqual({ samples: 4, right: 3, wrong: 1, errored: 0, skipped: 0 })
    expect(report.passed).toBe(true)
    expect(report.samples.find((s) => s.id === 'q3')).toMatchObject({ status: 'wrong', extracted: '9' })
  })

  it('exits 1 when a gate fails although every sample is right', async () => {
    const run = await runVitest(['gate-fails'])
    expect(run.code).toBe(1)
    expect(tableRows(run.stdout, 'gate-fails')).toMatchInlineSnapshot(`
      [
        "gate-fails | all | accuracy | 2! | 100.0% | [17.8%, 100.0%] | pass ≥ 50.0%",
        "gate-fails | all | brevity | 2! | 0.2500 | [0.2500, 0.2500] | FAIL < 0.9000",
        "gate-fails: note: "brevity" is not in the metric catalog: shown as a bare value, never compared with the baseline; declare it with evalsuite({ metricDefinitions: { brevity: { direction: 'higher' } } })",
        "gate-fails: note: only 2 samples: the 95% interval of accuracy spans 82.2 points, so smaller changes cannot be told from noise",
      ]
    `)
    expect(run.stdout).toContain('gate brevity failed, 0.25 < min 0.9')
    // Vitest's own summary agrees: one failed test, the gate, named for it, with the metric, interval and threshold
    expect(vitestSummary(run.stdout)).toEqual(['Test Files  1 failed (1)', 'Tests  1 failed | 4 passed (5)'])
    expect(failedTests(run)).toEqual(['evals/gate-fails.eval.ts > gate-fails > gate: brevity ≥ 0.9'])
    expect(run.stderr).toContain(
      'GateError: gate-fails [task] gate brevity FAILED (0.25 < min 0.9): brevity 0.2500 [0.2500, 0.2500] (n 2), threshold ≥ 0.9000',
    )
    const report = await readReport('gate-fails')
    expect(report.counts.right).toBe(2)
    expect(report.passed).toBe(false)
  })

  it('exits 1 when the endpoint is down, counting the samples as errored and not as wrong', async () => {
    server.setFault(() => ({ kind: 'status', status: 500 }))
    const before = server.requestCount
    const run = await runVitest(['endpoint-down'], { OPENAI_BASE_URL: server.baseURL })
    server.setFault(undefined)
    expect(run.code).toBe(1)
    const report = await readReport('endpoint-down')
    expect(report.counts).toEqual({ samples: 3, right: 0, wrong: 0, errored: 3, skipped: 0 })
    expect(report.metrics).toEqual([])
    // one retry per sample, then the sample is reported with the endpoint's error
    expect(server.requestCount - before).toBe(6)
    expect(report.samples[0]?.error).toMatch(/HTTP 500/)
    expect(run.stdout).toMatch(/endpoint-down: 3 errored, maxErrors 0 \(d1, d2, d3\); first: .*HTTP 500/)
    expect(run.stdout).toContain('3 errored sample(s), maxErrors is 0')
    // past maxErrors, each errored sample fails its test, and so does the error allowance's gate
    expect(vitestSummary(run.stdout)).toEqual(['Test Files  1 failed (1)', 'Tests  4 failed (4)'])
    expect(failedTests(run).at(-1)).toBe('evals/endpoint-down.eval.ts > endpoint-down > gate: errored samples ≤ 0 (maxErrors)')
  })

  it('gives up on an endpoint that hangs: each call times out, then the rest fail at once', async () => {
    server.setFault(() => ({ kind: 'hang' }))
    const before = server.requestCount
    const run = await runVitest(['dead-endpoint'], { OPENAI_BASE_URL: server.baseURL })
    server.setFault(undefined)
    expect(run.code).toBe(1)
    // five timeouts in a row at 200 ms, two at a time, end the run instead of 40 sequential waits (how long such a
    // run takes is measured by bench/stalled-endpoint.ts, not here, where a loaded machine decides it)
    expect(server.requestCount - before).toBeLessThanOrEqual(7)
    const report = await readReport('dead-endpoint')
    expect(report.counts).toEqual({ samples: 40, right: 0, wrong: 0, errored: 40, skipped: 0 })
    expect(report.samples[0]?.error).toMatch(/timed out/i)
    expect(report.samples.at(-1)?.error).toMatch(/the last [5-7] calls failed in a row, so the endpoint looks down/)
  })

  it('sends only the samples selected with -t to the model', async () => {
    const before = server.requestCount
    const run = await runVitest(['filtered', '-t', 'f3:|f7:'], { OPENAI_BASE_URL: server.baseURL })
    expect(run.code).toBe(0)
    expect(server.requestCount - before).toBe(2)
    const contents = server.requests
      .slice(before)
      .map((r) => r.messages.at(-1)?.content)
      .sort()
    expect(contents).toEqual(['Reply with: 3', 'Reply with: 7'])
    // the endpoint's usage, summed over the two calls, and the latency line
    expect(run.stdout).toMatch(/filtered: latency p50 [\d.]+ ms, p90 [\d.]+ ms, p99 [\d.]+ ms; tokens 6 in, 2 out; [\d.]+ output tokens\/s/)
    const report = await readReport('filtered')
    expect(report.counts).toEqual({ samples: 10, right: 2, wrong: 0, errored: 0, skipped: 8 })
  })

  it('exits 1 when a scorer throws, reporting that sample as errored', async () => {
    const run = await runVitest(['scorer-throws'])
    expect(run.code).toBe(1)
    const report = await readReport('scorer-throws')
    expect(report.counts).toEqual({ samples: 2, right: 1, wrong: 0, errored: 1, skipped: 0 })
    expect(report.samples.find((s) => s.id === 't2')?.error).toContain('TypeError: cannot read the rubric')
  })

  it('exits 0 when errors stay within maxErrors, scoring only the samples that did not error', async () => {
    const run = await runVitest(['error-budget'])
    expect(run.code).toBe(0)
    const report = await readReport('error-budget')
    expect(report.counts).toEqual({ samples: 3, right: 2, wrong: 0, errored: 1, skipped: 0 })
    expect(report.metrics[0]).toMatchObject({ metric: 'accuracy', n: 2, value: 1 })
    expect(report.errorAllowance).toEqual({ maxErrors: 1, errored: 1, passed: true })
    // within the budget, the errored sample ends skipped with its error: Vitest's summary shows no failure
    expect(vitestSummary(run.stdout)).toEqual(['Test Files  1 passed (1)', 'Tests  3 passed | 1 skipped (4)'])
  })

  it('exits 1 on a malformed data file, naming the file, line and field of every problem', async () => {
    const run = await runVitest(['bad-data'])
    expect(run.code).toBe(1)
    const output = run.stdout + run.stderr
    expect(output).toContain('data/bad.jsonl:2: not valid JSON')
    expect(output).toContain('data/bad.jsonl:3: target: missing')
  })

  it('reads the option a model reply commits to, and leaves a hedged reply unanswered', async () => {
    const run = await runVitest(['choices'], { OPENAI_BASE_URL: server.baseURL })
    expect(run.code).toBe(0)
    const report = await readReport('choices')
    expect(report.samples.map((s) => [s.id, s.status, s.extracted])).toEqual([
      ['c1', 'right', 'B'],
      ['c2', 'right', 'A'],
      ['c3', 'wrong', null],
    ])
  })

  it('sends only the samples named in `only` to the model', async () => {
    const before = server.requestCount
    const run = await runVitest(['only', '--allowOnly'], { OPENAI_BASE_URL: server.baseURL })
    expect(run.code).toBe(0)
    expect(server.requests.slice(before).map((r) => r.messages.at(-1)?.content)).toEqual(['Reply with: 2'])
    expect((await readReport('only')).counts).toEqual({ samples: 5, right: 1, wrong: 0, errored: 0, skipped: 4 })
  })

  it('exits 1 when a sample times out, counting it as errored', async () => {
    const run = await runVitest(['timeout'])
    expect(run.code).toBe(1)
    const report = await readReport('timeout')
    expect(report.counts).toEqual({ samples: 2, right: 1, wrong: 0, errored: 1, skipped: 0 })
    expect(report.samples.find((s) => s.id === 'h2')?.error).toMatch(/timed out in 300ms/)
    expect(failedTests(run)).toEqual([
      'evals/timeout.eval.ts > timeout > h2: stuck',
      'evals/timeout.eval.ts > timeout > gate: errored samples ≤ 0 (maxErrors)',
    ])
  })

  it('stops at a failing gate with --bail, never at a wrong answer', async () => {
    // a wrong answer fails no test, so --bail=1 lets every benchmark with wrong answers run to its end
    const wrong = await runVitest(['wrong-but-passing', '--bail=1'])
    expect(wrong.code).toBe(0)
    expect((await readReport('wrong-but-passing')).counts).toEqual({ samples: 4, right: 3, wrong: 1, errored: 0, skipped: 0 })
    // a failing gate is the first failed test: the run stops there
    const gate = await runVitest(['gate-fails', '--bail=1'])
    expect(gate.code).toBe(1)
    expect(failedTests(gate)).toEqual(['evals/gate-fails.eval.ts > gate-fails > gate: brevity ≥ 0.9'])
    expect(gate.stdout).toContain('· gate: errored samples ≤ 0 (maxErrors)')
  })

  it('keeps the github-actions reporter in GitHub Actions, next to the evalsuite table', async () => {
    const run = await runVitest(['scorer-throws'], { GITHUB_ACTIONS: 'true' })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(/^::error file=.*scorer-throws\.eval\.ts/m)
    expect(run.stdout).toContain('evalsuite · model task')
  })

  it('evaluates no gate of a benchmark that did not run, and keeps its last report', async () => {
    const run = await runVitest(['skipped'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('not run (every sample filtered out or skipped): skipped-benchmark')
    expect(tableRows(run.stdout, 'running-benchmark')[0]).toBe(
      'running-benchmark | all | accuracy | 1! | 100.0% | [5.1%, 100.0%] | pass ≥ 90.0%',
    )
    await expect(readReport('skipped-benchmark')).rejects.toThrow(/ENOENT/)
  })

  it('never passes a run interrupted with Ctrl-C', async () => {
    // the second request hangs, so the run is still going when the signal arrives
    const before = server.requestCount
    server.setFault(({ index }) => (index > before + 1 ? { kind: 'hang' } : undefined))
    const child = spawnVitest(['interrupted'], { OPENAI_BASE_URL: server.baseURL })
    await vi.waitFor(() => expect(server.requestCount - before).toBe(2), { timeout: 20_000, interval: 20 })
    child.kill('SIGINT')
    const run = await child.done
    server.setFault(undefined)
    expect(run.code).not.toBe(0)
    expect(run.stdout).not.toContain('evalsuite: PASS')
  })
})
