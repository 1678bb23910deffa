import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readReport, runVitest } from './run-fixture.ts'

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url))
const worse = { EVALSUITE_FIXTURE_QUALITY: 'worse' }

// a copy beside the fixture, since -u writes the baseline into it (and its config imports the plugin by a relative path)
describe('a benchmark with earlyStop and a regression gate against its committed baseline', () => {
  let project: string
  beforeAll(async () => {
    project = mkdtempSync(`${FIXTURES}.tmp-stop-regression-`)
    cpSync(`${FIXTURES}early-stop-regression`, project, { recursive: true })
    const written = await runVitest(['-u'], {}, project)
    expect(written.code).toBe(0)
  }, 120_000)
  afterAll(() => rmSync(project, { recursive: true, force: true }))

  it('passes early when nothing changed: a drop of maxDrop is ruled out', async () => {
    const run = await runVitest([], {}, project)
    expect(run.code).toBe(0)
    const report = await readReport('stops-regression', project)
    const decidedAfter = Number(/^decided after (\d+) of 2,000 samples: drop in accuracy < 5 points at 95% confidence; confidence sequence drop in accuracy ≤ [\d.-]+ points$/.exec(report.earlyStop?.reason ?? '')?.[1])
    expect(decidedAfter).toBeLessThanOrEqual(400)
    expect(report.earlyStop?.notRun).toBe(2000 - decidedAfter)
    expect(report.passed).toBe(true)
  })

  it('fails early when accuracy dropped by 20 points', async () => {
    const run = await runVitest([], worse, project)
    expect(run.code).toBe(1)
    const report = await readReport('stops-regression', project)
    const decidedAfter = Number(/^decided after (\d+) of 2,000 samples: drop in accuracy > 5 points at 95% confidence; confidence sequence drop in accuracy ≥ [\d.]+ points$/.exec(report.earlyStop?.reason ?? '')?.[1])
    expect(decidedAfter).toBeLessThanOrEqual(400)
    expect(report.passed).toBe(false)
    expect(report.gates.find((gate) => gate.kind === 'regression')).toMatchObject({ outcome: 'regressed', passed: false })
    const [gate] = report.earlyStop?.gates ?? []
    expect(gate).toMatchObject({ metric: 'accuracy', subset: null, bound: 'maxDrop', value: 0.05, decision: 'fail', samples: decidedAfter })
    expect(gate!.sequence.lower).toBeGreaterThan(0.05)
  })
})
