import { expect, it } from 'vitest'
import { runCli } from '../../src/cli/run-cli.ts'
import { useTempData } from '../dataset/temp-data.ts'

const data = useTempData()

it('prints a usage error quoting names from the data or the command line as text, its control characters written out', async () => {
  const split = data.file(
    'splits\u001b[2J.json',
    JSON.stringify({ 'dev\u001b]0;pwned\u0007': [{ question: 'a?', answer: 'a' }], 数学: [{ question: 'b?', answer: 'b' }] }),
  )
  let stderr = ''
  const output = { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } }
  expect(await runCli(['eval', split, '--model', 'm'], output)).toBe(2)
  expect(await runCli(['\u001b]8;;https://evil.example\u0007run'], output)).toBe(2)
  expect(stderr.replaceAll(data.dir, '<dir>')).toMatchInlineSnapshot(`
    "evalsuite eval: <dir>/splits\\x1b[2J.json holds the splits dev\\x1b]0;pwned\\x07, 数学; choose one with --split, e.g. --split 数学
    evalsuite: unknown command "\\x1b]8;;https://evil.example\\x07run"; the commands are eval, init, validate (see "evalsuite --help")
    "
  `)
})

it('says in --help when the eval files run and what -u refreshes', async () => {
  let stdout = ''
  const output = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true } }
  expect(await runCli(['--help'], output)).toBe(0)
  expect(stdout).toContain('The eval files run only when the Vitest command names them, so a plain "npx vitest run" calls no model.\n')
  expect(stdout).toContain(
    'EVALSUITE_UPDATE chooses\nwhat -u refreshes, a comma-separated list of verdicts, baselines and recordings (default verdicts,baselines).\n',
  )
})
