import { expect, it } from 'vitest'
import { copyFixture } from '../support/fixture-copy.ts'
import { runVitest } from './run-fixture.ts'

const PROJECT = copyFixture('user-project')

it("runs eval files with the plugin's settings, in worker threads, and the user's unit tests with theirs", async () => {
  const run = await runVitest([], { EXPECTED_EVAL_POOL: 'threads' }, PROJECT)
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  expect(run.stdout).toMatch(/\|evals\| evals\/settings\.eval\.ts \(2 tests\)/)
  expect(run.stdout).toMatch(/✓ src\/settings\.test\.ts \(1 test\)/)
  expect(run.stdout).toContain('Tests  3 passed (3)')
})

it('keeps the pool a config chose for its eval files', async () => {
  const run = await runVitest(['--config', 'vitest.forks.config.ts'], { EXPECTED_EVAL_POOL: 'forks' }, PROJECT)
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  expect(run.stdout).toContain('Tests  3 passed (3)')
})
