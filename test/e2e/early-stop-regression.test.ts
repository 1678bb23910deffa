import { beforeAll, describe, expect, it } from 'vitest'
import { copyFixture } from '../support/fixture-copy.ts'
import { readReport, runVitest } from './run-fixture.ts'

const worse = { EVALSUITE_FIXTURE_QUALITY: 'worse' }

// a copy, since -u writes the baseline into it
describe('a benchmark with earlyStop and a regression gate against its committed baseline', () => {
  const project = copyFixture('early-stop-regression')
  beforeAll(async () => {
    const written = await runVitest(['evals', '-u'], {}, project)
    expect(written.code).toBe(0)
  }, 120_000)

  it('passes early when nothing changed: a drop of maxDrop is ruled out', async () => {
    const run = await runVitest(['evals'], {}, project)
    expect(run.code).toBe(0)
    const report = await readReport('stops-regression', project)
    const decidedAfter = Number(
      /^decided after (\d+) of 2,000 samples: drop in accuracy < 5 points at 95% confidence; confidence sequence drop in accuracy ≤ [\d.-]+ points$/.exec(
        report.earlyStop?.reason ?? '',
      )?.[1],
    )
    expect(decidedAfter).toBeLessThanOrEqual(400)
    expect(report.earlyStop?.notRun).toBe(2000 - decidedAfter)
    expect(report.passed).toBe(true)
  })

  it('fails early when accuracy dropped by 20 points', async () => {
    const run = await runVitest(['evals'], worse, project)
    expect(run.code).toBe(1)
    const report = await readReport('stops-regression', project)
    const decidedAfter = Number(
      /^decided after (\d+) of 2,000 samples: drop in accuracy > 5 points at 95% confidence; confidence sequence drop in accuracy ≥ [\d.]+ points$/.exec(
        report.earlyStop?.reason ?? '',
      )?.[1],
    )
    expect(decidedAfter).toBeLessThanOrEqual(400)
    expect(report.passed).toBe(false)
    expect(report.gates.find((gate) => gate.kind === 'regression')).toMatchObject({ outcome: 'regressed', passed: false })
    const [gate] = report.earlyStop?.gates ?? []
    expect(gate).toMatchObject({ metric: 'accuracy', subset: null, bound: 'maxDrop', value: 0.05, decision: 'fail', samples: decidedAfter })
    expect(gate!.sequence.lower).toBeGreaterThan(0.05)
  })
})
