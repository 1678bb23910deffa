import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { htmlTests, readHtmlReport } from '../support/html-report.ts'
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
      'gate-fails | all | accuracy | 2! | 100.0% | [17.8%, 100.0%] | pass ≥ 50.0%',
      'gate-fails | all | brevity | 2! | 0.2500 | [0.2500, 0.2500] | FAIL < 0.9000',
    ])
    const report = await readReport('wrong-but-passing')
    expect(report.createdAt >= mergedAt).toBe(true)
    expect(report.counts).toEqual({ samples: 4, right: 3, wrong: 1, errored: 0, skipped: 0 })
    await rm(`${FIXTURE}.vitest-reports`, { recursive: true, force: true })
  })

  it("writes Vitest's html report in which passing gates are green, a failing gate is the one red test, and wrong samples are skipped with their reason", async () => {
    // Vitest 4 writes the html report to html/, Vitest 5 to .vitest/
    const folders = ['html', '.vitest'].map((folder) => `${FIXTURE}${folder}`)
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
    const run = await runVitest(['wrong-but-passing', 'gate-fails', '--reporter=default', '--reporter=html'])
    expect(run.code).toBe(1)
    expect(folders.filter((folder) => existsSync(`${folder}/index.html`))).toHaveLength(1)
    const html = readHtmlReport(FIXTURE)
    // the UI's search parses "tag:evalsuite:sample" only with the tags declared in the config
    expect(html.config.tags?.map((tag) => tag.name)).toEqual(expect.arrayContaining(['evalsuite:sample', 'evalsuite:gate']))
    expect(Object.fromEntries(html.files.map((file) => [file.name, file.result?.state]))).toEqual({
      'evals/gate-fails.eval.ts': 'fail',
      'evals/wrong-but-passing.eval.ts': 'pass',
    })
    const tests = htmlTests(html)
    expect(tests.map((test) => `${test.path}: ${test.result?.state} ${test.tags?.join(',')}`).sort()).toEqual([
      'gate-fails > g1: say yes: pass evalsuite:sample',
      'gate-fails > g2: say no: pass evalsuite:sample',
      'gate-fails > gate: accuracy ≥ 0.5: pass evalsuite:gate',
      'gate-fails > gate: brevity ≥ 0.9: fail evalsuite:gate',
      'gate-fails > gate: errored samples ≤ 0 (maxErrors): pass evalsuite:gate',
      'wrong-but-passing > gate: accuracy ≥ 0.7: pass evalsuite:gate',
      'wrong-but-passing > gate: errored samples ≤ 0 (maxErrors): pass evalsuite:gate',
      'wrong-but-passing > q1: two plus two: pass evalsuite:sample',
      'wrong-but-passing > q2: three plus three: pass evalsuite:sample',
      'wrong-but-passing > q3: four plus four: skip evalsuite:sample',
      'wrong-but-passing > q4: one plus one: pass evalsuite:sample',
    ])
    // the wrong sample's reason is an annotation, the first the report tab shows; with the html reporter on, every
    // scored sample is annotated with its input, target, output and scores
    const q3 = tests.find((test) => test.name.startsWith('q3:'))!
    expect(q3.annotations?.map((annotation) => `${annotation.type}: ${annotation.message}`)).toEqual([
      'evalsuite:wrong: wrong answer: the reply is not the target: target "8", extracted "9" from "9"',
      'input: four plus four',
      'target: "8"',
      'output: 9',
      'extracted: "9"',
      'score.accuracy: 0',
    ])
    // the failing gate's node holds the value, interval and threshold, in its error and its annotation alike
    const brevity = tests.find((test) => test.name.startsWith('gate: brevity'))!
    const line = 'gate-fails [task] gate brevity FAILED (0.25 < min 0.9): brevity 0.2500 [0.2500, 0.2500] (n 2), threshold ≥ 0.9000'
    expect(brevity.result?.errors?.map((error) => error.message)).toEqual([line])
    expect(brevity.annotations).toEqual([expect.objectContaining({ type: 'evalsuite:gate', message: line })])
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
  })

  it("keeps each sample's scores as properties of its JUnit test case", async () => {
    const file = `${FIXTURE}junit-metrics.xml`
    const run = await runVitest(['wrong-but-passing', '--reporter=default', '--reporter=junit', '--outputFile.junit=junit-metrics.xml'])
    expect(run.code).toBe(0)
    const xml = await readFile(file, 'utf8')
    await rm(file, { force: true })
    const q3 = xml.slice(
      xml.indexOf('name="wrong-but-passing &gt; q3'),
      xml.indexOf('</testcase>', xml.indexOf('name="wrong-but-passing &gt; q3')),
    )
    expect(q3).toContain('<property name="score.accuracy" value="0">')
    expect(q3).toContain('<property name="input" value="four plus four">')
    expect(q3).toContain('<property name="target" value="&quot;8&quot;">')
    expect(q3).toContain('<property name="output" value="9">')
    expect(q3).toContain('<property name="extracted" value="&quot;9&quot;">')
    expect(xml.match(/<property name="score\.accuracy" value="1">/g)).toHaveLength(3)
  })
})
