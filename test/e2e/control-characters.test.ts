import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { failedTests, FIXTURE, runVitest } from './run-fixture.ts'

// with NO_COLOR set, Vitest writes no escape sequence of its own: every ESC or BEL in its output came from the data
const CONTROL = /[\u0007\u001b\u009b]/

interface VitestJson {
  testResults: { assertionResults: { ancestorTitles: string[]; title: string; fullName: string; failureMessages: string[] }[] }[]
}

describe('terminal control sequences from data files', () => {
  it('never reach Vitest raw: suite and test names, gate errors and annotations show them escaped', async () => {
    const run = await runVitest([
      'control-characters',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=control-characters.json',
    ])
    expect(run.code).toBe(1)
    expect(run.stdout).not.toMatch(CONTROL)
    expect(run.stderr).not.toMatch(CONTROL)
    expect(failedTests(run)).toEqual([
      'evals/control-characters.eval.ts > control\\x1b[2J > gate: accuracy ≥ 0.5',
      'evals/control-characters.eval.ts > control\\x1b[2J > gate: accuracy (subset hard\\x1b[2J) ≥ 0.5',
    ])
    // what Vitest was handed, as its JSON reporter keeps it (the tests' meta keeps the data as it is, for the report)
    const results = (JSON.parse(await readFile(`${FIXTURE}/control-characters.json`, 'utf8')) as VitestJson).testResults.flatMap(
      (file) => file.assertionResults,
    )
    const handed = results.flatMap((test) => [...test.ancestorTitles, test.title, test.fullName, ...test.failureMessages])
    expect(handed.filter((text) => CONTROL.test(text))).toEqual([])
    expect(results.map((test) => test.title)).toContain(String.raw`c1\x1b[2J: Name \x1b]8;;https://evil.test/\x07this link\x1b]8;;\x07`)
  })
})
