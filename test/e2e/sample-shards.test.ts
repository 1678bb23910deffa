import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/schema/index.ts'
import { FIXTURE, readReport, runVitest, tableRows, vitestSummary } from './run-fixture.ts'

// a folder of its own: another e2e file merges the default .vitest-reports at the same time
const BLOBS = '.sample-shard-blobs'
const ALONE_BLOBS = '.sample-shard-alone-blobs'

// latency and tokens vary from run to run; the scored metrics must not
const scored = (report: Report): Report['metrics'] => report.metrics.filter((row) => report.catalog[row.metric]?.kind !== 'usage')

// the reporter's verdict, the run's last line
const lastLine = (stdout: string): string => stdout.trimEnd().split('\n').at(-1)!.trim()

const perSample = (report: Report): unknown[] =>
  report.samples.map((s) => [s.id, s.subset, s.status, s.extracted, s.scores]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))

describe('sample-level shards (EVALSUITE_SHARD=i/n)', () => {
  let whole: Report
  let wholeTable: string[]

  beforeAll(async () => {
    await rm(join(FIXTURE, BLOBS), { recursive: true, force: true })
    const run = await runVitest(['sharded'])
    expect(run.code).toBe(0)
    whole = await readReport('sharded')
    wholeTable = tableRows(run.stdout, 'sharded')
  }, 60_000)
  afterAll(() => Promise.all([BLOBS, ALONE_BLOBS].map((dir) => rm(join(FIXTURE, dir), { recursive: true, force: true }))))

  it('merged with --merge-reports, give the same per-sample results, metrics and gates as the unsharded run', async () => {
    for (const index of [1, 2, 3]) {
      const shard = await runVitest(['sharded', '--reporter=blob', `--outputFile.blob=${BLOBS}/blob-${index}.json`], {
        EVALSUITE_SHARD: `${index}/3`,
      })
      expect(shard.code).toBe(0)
    }
    const merged = await runVitest([`--merge-reports=${BLOBS}`])
    expect(merged.code).toBe(0)
    const report = await readReport('sharded')
    expect(perSample(report)).toEqual(perSample(whole))
    expect(report.samples).toHaveLength(13)
    expect(report.counts).toEqual(whole.counts)
    expect(scored(report)).toEqual(scored(whole))
    expect(scored(report).map((row) => row.metric)).toContain('accuracy')
    expect(report.gates).toEqual(whole.gates)
    expect(report.shards).toEqual({ count: 3, merged: [1, 2, 3] })
    // the merged run lists its samples shard by shard: the same wrong ones, in another order
    const sortedIds = (rows: string[]): string[] =>
      rows.map((row) => row.replace(/\((.*)\)$/, (_, ids: string) => `(${ids.split(', ').sort().join(', ')})`))
    expect(sortedIds(tableRows(merged.stdout, 'sharded'))).toEqual(sortedIds(wholeTable))
  })

  it('fails a merge that lacks a shard, saying which shards it holds', async () => {
    await rm(join(FIXTURE, BLOBS, 'blob-2.json'), { force: true })
    const merged = await runVitest([`--merge-reports=${BLOBS}`])
    expect(merged.code).toBe(1)
    expect(merged.stdout).toContain(
      "sharded [task]: the merged reports hold shard(s) 1, 3 of 3; every shard's blob report is needed to judge its gates",
    )
    // a merge lacking a shard is a real error: it fails, and still evaluates no gate on the shards it holds
    const report = await readReport('sharded')
    expect([report.passed, report.gates.map((gate) => gate.passed)]).toEqual([false, [null]])
  })

  it('writes no baseline from one shard alone, even with -u', async () => {
    const baseline = join(FIXTURE, 'evals', '__baselines__', 'sharded.json')
    await rm(baseline, { force: true })
    const run = await runVitest(['sharded', '-u'], { EVALSUITE_SHARD: '2/2' })
    expect(run.code).toBe(0)
    expect(existsSync(baseline)).toBe(false)
    // the whole run does write it
    expect((await runVitest(['sharded', '-u'])).code).toBe(0)
    expect(existsSync(baseline)).toBe(true)
    await rm(baseline, { force: true })
  })

  it('runs one shard alone without judging its gates', async () => {
    const run = await runVitest(['sharded'], { EVALSUITE_SHARD: '1/2' })
    expect(run.code).toBe(0)
    const report = await readReport('sharded')
    expect(report.samples).toHaveLength(7)
    expect(report.shards).toEqual({ count: 2, merged: [1] })
    expect(tableRows(run.stdout, 'sharded')[0]).toMatch(/^sharded \| all \| accuracy \| 7!? \| .* \| not evaluated: shard 1 of 2$/)
  })

  it('says on its last line that a shard run evaluated no gate, and reports the gate its shard falls short of as not evaluated', async () => {
    const run = await runVitest(['shard-alone'], { EVALSUITE_SHARD: '1/2' })
    expect(run.code).toBe(0)
    expect(lastLine(run.stdout)).toMatchInlineSnapshot(
      `"evalsuite: no gate evaluated in this shard run (shard 1 of 2 of "shard-alone"); the merged run (--merge-reports) evaluates its gates. No real error; 3 wrong answer(s) are data, not failures. Reports in eval-reports/"`,
    )
    // Vitest's own summary agrees: the threshold's gate test is skipped (left to the merged run), the error allowance's
    // passes, the wrong samples are skipped
    expect(vitestSummary(run.stdout)).toEqual(['Test Files  1 passed (1)', 'Tests  1 passed | 4 skipped (5)'])
    const report = await readReport('shard-alone')
    expect(report.counts.right).toBe(0)
    expect(report.passed).toBeNull()
    expect(report.gates).toMatchInlineSnapshot(`
      [
        {
          "kind": "threshold",
          "max": null,
          "metric": "accuracy",
          "min": 0.9,
          "passed": null,
          "reason": "not evaluated: this run holds shard 1 of 2 of the samples, and gates are evaluated on all of them (--merge-reports)",
          "subset": null,
          "value": 0,
        },
      ]
    `)
  })

  it('says both when whole benchmarks and a shard run side by side', async () => {
    const run = await runVitest(['shard-mixed'])
    expect(run.code).toBe(0)
    expect(lastLine(run.stdout)).toMatchInlineSnapshot(
      `"evalsuite: PASS, every gate held in 1 benchmark run whole; 1 benchmark not evaluated (shard 2 of 2 of "shard-mixed-part"): the merged run (--merge-reports) evaluates its gates; 2 wrong answer(s) are data, not failures. Reports in eval-reports/"`,
    )
    const [whole, part] = await Promise.all([readReport('shard-mixed-whole'), readReport('shard-mixed-part')])
    expect([whole.passed, whole.gates.map((gate) => gate.passed)]).toEqual([true, [true]])
    expect([part.passed, part.gates.map((gate) => gate.passed), part.shards]).toEqual([null, [null], { count: 2, merged: [2] }])
  })

  it('evaluates the gate the shards left open once they are merged', async () => {
    for (const index of [1, 2]) {
      const shard = await runVitest(['shard-alone', '--reporter=blob', `--outputFile.blob=${ALONE_BLOBS}/blob-${index}.json`], {
        EVALSUITE_SHARD: `${index}/2`,
      })
      expect(shard.code).toBe(0)
    }
    const merged = await runVitest([`--merge-reports=${ALONE_BLOBS}`])
    expect(merged.code).toBe(1)
    expect(merged.stdout.slice(merged.stdout.lastIndexOf(' evalsuite: ')).trimEnd()).toMatchInlineSnapshot(`
      " evalsuite: FAIL
         - shard-alone [task]: gate accuracy failed, 0 < min 0.9
       Reports in eval-reports/"
    `)
    const report = await readReport('shard-alone')
    expect([report.passed, report.gates.map((gate) => gate.passed), report.shards]).toEqual([false, [false], { count: 2, merged: [1, 2] }])
    // a merged run replays the shards' tests, whose gate tests skipped: Vitest's summary shows no failure, and the
    // exit code is evalsuite's, which judged the gate on every shard's samples (docs/metrics.md says why)
    expect(vitestSummary(merged.stdout).at(-1)).not.toContain('failed')
  })

  it("refuses EVALSUITE_SHARD together with Vitest's own --shard", async () => {
    const run = await runVitest(['sharded', '--shard=1/2'], { EVALSUITE_SHARD: '1/2' })
    expect(run.code).not.toBe(0)
    expect(`${run.stdout}${run.stderr}`).toContain(
      'EVALSUITE_SHARD shards the samples of every benchmark, and --shard splits the files: use one of them, not both.',
    )
  })
})
