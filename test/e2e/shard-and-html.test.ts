import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { FIXTURE, readReport, runVitest, tableRows } from './run-fixture.ts'

describe('Vitest features that CI setups rely on', () => {
  it('gates a sharded run once its blob reports are merged', async () => {
    await rm(`${FIXTURE}.vitest-reports`, { recursive: true, force: true })
    const files = ['wrong-but-passing', 'gate-fails']
    await runVitest([...files, '--shard=1/2', '--reporter=blob'])
    await runVitest([...files, '--shard=2/2', '--reporter=blob'])
    const mergedAt = new Date().toISOString()

    const merged = await runVitest(['--merge-reports'])
    expect(merged.code).toBe(1)
    expect(tableRows(merged.stdout, 'gate-fails').slice(0, 2)).toEqual([
      'gate-fails | all | accuracy | 2! | 100.0% | [34.2%, 100.0%] | pass ≥ 50.0%',
      'gate-fails | all | brevity | 2! | 0.2500 | [0.2500, 0.2500] | FAIL < 0.9000',
    ])
    const report = await readReport('wrong-but-passing')
    expect(report.createdAt >= mergedAt).toBe(true)
    expect(report.counts).toEqual({ samples: 4, right: 3, wrong: 1, errored: 0, skipped: 0 })
    await rm(`${FIXTURE}.vitest-reports`, { recursive: true, force: true })
  })

  it("writes Vitest's html report with each sample's evalsuite record, next to the evalsuite table", async () => {
    // Vitest 4 writes the html report to html/, Vitest 5 to .vitest/
    const folders = ['html', '.vitest'].map((folder) => `${FIXTURE}${folder}`)
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
    const run = await runVitest(['wrong-but-passing', '--reporter=default', '--reporter=html'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('evalsuite: PASS')
    expect(folders.filter((folder) => existsSync(`${folder}/index.html`))).toHaveLength(1)
    const metaFiles = [`${FIXTURE}html/html.meta.json.gz`, `${FIXTURE}.vitest/ui/html.meta.json.gz`].filter((file) => existsSync(file))
    expect(metaFiles).toHaveLength(1)
    const meta = gunzipSync(await readFile(metaFiles[0]!)).toString()
    // Vitest stores the report as JSON: the annotation's quotes come escaped
    expect(meta).toContain('the reply is not the target: target \\"8\\", extracted \\"9\\" from \\"9\\"')
    expect(meta).toContain('"wrong answer"')
    // with the html reporter on, every scored sample is annotated with its input, target, output and scores (the
    // input is in the sample's record too; the test's name has an id before it)
    expect(meta).toContain('"four plus four"')
    expect(meta).toContain('"score.accuracy"')
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
  })

  it("keeps each sample's scores as properties of its JUnit test case", async () => {
    const file = `${FIXTURE}junit-metrics.xml`
    const run = await runVitest(['wrong-but-passing', '--reporter=default', '--reporter=junit', '--outputFile.junit=junit-metrics.xml'])
    expect(run.code).toBe(0)
    const xml = await readFile(file, 'utf8')
    await rm(file, { force: true })
    const q3 = xml.slice(xml.indexOf('name="wrong-but-passing &gt; q3'), xml.indexOf('</testcase>', xml.indexOf('name="wrong-but-passing &gt; q3')))
    expect(q3).toContain('<property name="score.accuracy" value="0">')
    expect(q3).toContain('<property name="input" value="four plus four">')
    expect(q3).toContain('<property name="target" value="&quot;8&quot;">')
    expect(q3).toContain('<property name="output" value="9">')
    expect(q3).toContain('<property name="extracted" value="&quot;9&quot;">')
    expect(xml.match(/<property name="score\.accuracy" value="1">/g)).toHaveLength(3)
  })
})
