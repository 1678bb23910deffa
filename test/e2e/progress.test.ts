import { expect, it } from 'vitest'
import { runVitest } from './run-fixture.ts'

it('prints plain progress lines in CI logs: done of total, errors, ETA and tokens, with no control characters', async () => {
  const run = await runVitest(['progress'], { PROGRESS_INTERVAL_MS: '150' })
  expect(run.code).toBe(0)
  const lines = run.stdout.split('\n').filter((line) => line.startsWith('evalsuite ') && line.includes(' samples ('))
  expect(lines.length).toBeGreaterThanOrEqual(2)
  const done = lines.map((line) => Number(/^evalsuite (\d+)\/24 samples/.exec(line)?.[1]))
  expect(done.every((value) => Number.isInteger(value) && value < 24)).toBe(true)
  expect(done).toEqual([...done].sort((a, b) => a - b))
  expect(lines.some((line) => /ETA \d+s/.test(line))).toBe(true)
  expect(lines.some((line) => line.includes('1 errored'))).toBe(true)
  expect(lines.some((line) => / in \/ [\d.]+k? out tokens/.test(line))).toBe(true)
  expect(run.stdout).not.toMatch(/[\r\u001b]/)
})

it('counts only the samples -t selects: those it filters away are neither done nor errored', async () => {
  const run = await runVitest(['narrowed', '-t', 'narrowed-kept'], { PROGRESS_INTERVAL_MS: '150' })
  expect(run.code).toBe(0)
  const lines = run.stdout.split('\n').filter((line) => line.startsWith('evalsuite ') && line.includes(' samples ('))
  expect(lines.length).toBeGreaterThanOrEqual(2)
  expect(lines.every((line) => /^evalsuite \d+\/12 samples \(\d+%\) · \d+s elapsed/.test(line))).toBe(true)
})

it('stays quiet in runs shorter than the interval', async () => {
  const run = await runVitest(['progress'])
  expect(run.stdout).not.toMatch(/^evalsuite \d+\/\d+ samples/m)
})
