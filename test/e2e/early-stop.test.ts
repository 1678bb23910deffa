import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FIXTURE, readReport, runVitest } from './run-fixture.ts'

describe('a benchmark with earlyStop', () => {
  it('passes after a few hundred of its 2,000 samples when it is right 93% of the time, and says so', async () => {
    const run = await runVitest(['stops-passing'])
    expect(run.code).toBe(0)
    const report = await readReport('stops-passing')
    const decidedAfter = Number(
      /^decided after (\d+) of 2,000 samples: accuracy ≥ 80% at 95% confidence; confidence sequence accuracy ≥ [\d.]+%$/.exec(
        report.earlyStop?.reason ?? '',
      )?.[1],
    )
    expect(decidedAfter).toBeLessThanOrEqual(400)
    expect(report.earlyStop?.notRun).toBe(2000 - decidedAfter)
    expect(report.samples.filter((sample) => sample.notRun === 'early-stop')).toHaveLength(2000 - decidedAfter)
    expect(report.passed).toBe(true)
    expect(run.stdout).toContain(`stops-passing: stopped early, ${report.earlyStop?.reason}; ${2000 - decidedAfter} sample(s) not run`)
  })

  it('stops within the samples -t selects, never counting the others as decided or as stopped', async () => {
    const run = await runVitest(['stops-passing', '-t', 'stops-passing( >)? s1\\d\\d\\d: '])
    expect(run.code).toBe(0)
    const report = await readReport('stops-passing')
    // the 1,000 samples -t selects are the benchmark's samples here: 100 decide, the other 900 are stopped
    expect(report.earlyStop?.reason).toMatch(/^decided after 100 of 1,000 samples: accuracy ≥ 80% at 95% confidence; /)
    expect(report.earlyStop?.notRun).toBe(900)
    expect(report.samples.filter((sample) => sample.notRun === 'early-stop')).toHaveLength(900)
    expect(report.samples.filter((sample) => sample.status !== 'skipped').every((sample) => /^s1\d{3}$/.test(sample.id))).toBe(true)
  })

  it('fails early when it is right 70% of the time', async () => {
    const run = await runVitest(['stops-failing'])
    expect(run.code).toBe(1)
    const report = await readReport('stops-failing')
    expect(report.earlyStop?.reason).toMatch(
      /^decided after \d+ of 2,000 samples: accuracy < 80% at 95% confidence; confidence sequence accuracy ≤ [\d.]+%$/,
    )
    expect(report.passed).toBe(false)
  })

  it('runs on to the end when it is right 80.5% of the time, too close to the gate to decide early, and passes', async () => {
    const run = await runVitest(['runs-on'])
    expect(run.code).toBe(0)
    const report = await readReport('runs-on')
    expect(report.earlyStop).toBeUndefined()
    expect(report.counts).toMatchObject({ samples: 2000, right: 1610, skipped: 0 })
  })

  it("decides a subset's bound on its own samples, and counts a repeated sample once, all its attempts in", async () => {
    const run = await runVitest(['stops-grouped'])
    expect(run.code).toBe(0)
    const report = await readReport('stops-grouped')
    const decidedAfter = Number(
      /^decided after (\d+) of 2,000 samples: accuracy ≥ 80%, accuracy \(subset hard\) ≥ 60% at 97.5% confidence; /.exec(
        report.earlyStop?.reason ?? '',
      )?.[1],
    )
    expect(decidedAfter).toBeLessThanOrEqual(800)
    expect(report.samples.filter((sample) => sample.notRun === 'early-stop')).toHaveLength(2 * (2000 - decidedAfter))
    const hard = report.earlyStop?.gates.find((gate) => gate.subset === 'hard')
    expect(hard).toMatchObject({ metric: 'accuracy', bound: 'min', value: 0.6, decision: 'pass' })
    expect(hard!.samples).toBeLessThan(decidedAfter)
  })

  it("takes the plugin's earlyStop as the default of a benchmark that sets none, where the benchmark allows it", async () => {
    const run = await runVitest(['default-stop', '--config=vitest.early-stop.config.ts'])
    expect(run.code).toBe(0)
    expect((await readReport('default-stop')).earlyStop?.reason).toMatch(/^decided after \d+ of 2,000 samples: accuracy ≥ 80%/)
    const inOrder = await readReport('default-in-order')
    expect(inOrder.earlyStop).toBeUndefined()
    expect(inOrder.counts.samples).toBe(2000)
  })

  it('runs every sample with -u, so that the baseline it writes is never one of an early-stopped run', async () => {
    try {
      const run = await runVitest(['stops-passing', '-u'])
      expect(run.code).toBe(0)
      const report = await readReport('stops-passing')
      expect(report.earlyStop).toBeUndefined()
      expect(report.counts.samples).toBe(2000)
      expect(report.counts.skipped).toBe(0)
    } finally {
      rmSync(join(FIXTURE, 'evals/__baselines__/stops-passing.json'), { force: true })
    }
  })
})
