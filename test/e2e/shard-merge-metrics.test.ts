import { rm } from 'node:fs/promises'
import { afterAll, expect, it } from 'vitest'
import type { Report } from '../../src/schema/index.ts'
import { FIXTURE, readReport, runVitest, scoreRows } from './run-fixture.ts'

const BLOBS = '.vitest-reports-metrics'
const BENCHMARKS = ['merge-a', 'merge-b']

// what must not depend on how the run was split: everything but timings and the time of writing
function comparable(report: Report): unknown {
  const { createdAt: _createdAt, durationMs: _durationMs, latencyMs: _latencyMs, ...rest } = report
  return {
    ...rest,
    metrics: scoreRows(report),
    catalog: Object.fromEntries(Object.entries(report.catalog).filter(([, semantics]) => semantics.kind !== 'usage')),
    samples: report.samples.map(({ latencyMs: _latency, ...sample }) => sample),
  }
}

afterAll(() => rm(`${FIXTURE}${BLOBS}`, { recursive: true, force: true }))

it('gives the same metrics, intervals, baseline comparison and gates from --shard and --merge-reports as from one run', async () => {
  const whole = await runVitest(['merge-'])
  expect(whole.code).toBe(0)
  const unsharded = await Promise.all(BENCHMARKS.map((name) => readReport(name)))
  expect(unsharded[0]!.metrics.some((row) => row.averaging === 'macro' && row.interval?.method === 'stratified-t')).toBe(true)
  expect(unsharded[0]!.baseline?.metrics.map((c) => c.test)).toEqual(['mcnemar', 'paired-bootstrap'])
  // a metric declared in the project's plugin options is a score with its direction and unit, not a diagnostic
  expect(unsharded[0]!.catalog.tool_calls).toMatchObject({ kind: 'score', direction: 'lower', unit: 'calls' })
  expect(unsharded[0]!.diagnostics).toEqual([])
  expect(unsharded[1]!.baseline?.metrics[0]).toMatchObject({ test: 'mcnemar', n: 40 })

  await rm(`${FIXTURE}${BLOBS}`, { recursive: true, force: true })
  for (const shard of ['1/2', '2/2']) {
    const part = await runVitest([
      'merge-',
      `--shard=${shard}`,
      '--reporter=blob',
      `--outputFile=${BLOBS}/blob-${shard.replace('/', '-')}.json`,
    ])
    expect(part.code).toBe(0)
  }
  // the shard runs wrote reports of their own: only the merge may write the ones compared below
  for (const name of BENCHMARKS) await rm(`${FIXTURE}eval-reports/${name}.json`)
  const merged = await runVitest([`--merge-reports=${BLOBS}`])
  expect(merged.code).toBe(0)
  const fromShards = await Promise.all(BENCHMARKS.map((name) => readReport(name)))

  expect(fromShards.map(comparable)).toEqual(unsharded.map(comparable))
})
