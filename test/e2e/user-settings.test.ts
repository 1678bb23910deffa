import { expect, it } from 'vitest'
import { copyFixture } from '../support/fixture-copy.ts'
import { runVitest } from './run-fixture.ts'

const PROJECT = copyFixture('user-project')

it("runs eval files with the plugin's settings, in worker threads, and the user's unit tests with theirs", async () => {
  const run = await runVitest(['evals', 'src'], { EXPECTED_EVAL_POOL: 'threads' }, PROJECT)
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  expect(run.stdout).toMatch(/\|evals\| evals\/settings\.eval\.ts \(2 tests\)/)
  expect(run.stdout).toMatch(/✓ src\/settings\.test\.ts \(1 test\)/)
  expect(run.stdout).toContain('Tests  3 passed (3)')
})

it("leaves the eval files out of a run that names no files (a user's `npm test`), and says how to run them", async () => {
  const run = await runVitest([], { EXPECTED_EVAL_POOL: 'threads' }, PROJECT)
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  expect(run.stdout).not.toContain('settings.eval.ts')
  expect(run.stdout).toMatch(/✓ src\/settings\.test\.ts \(1 test\)/)
  expect(run.stdout).toContain('Tests  1 passed (1)')
  expect(run.stdout).toContain(
    'evalsuite: 1 eval file(s) left out: a run that names no files never calls a model. Run them with npx vitest run evals\n',
  )
  // a filter that names other files leaves them out as Vitest always did
  const others = await runVitest(['src'], { EXPECTED_EVAL_POOL: 'threads' }, PROJECT)
  expect(others.stdout).not.toContain('settings.eval.ts')
  expect(others.stdout).toContain('Tests  1 passed (1)')
})

it('keeps the pool a config chose for its eval files', async () => {
  const run = await runVitest(['--config', 'vitest.forks.config.ts', 'evals', 'src'], { EXPECTED_EVAL_POOL: 'forks' }, PROJECT)
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  expect(run.stdout).toContain('Tests  3 passed (3)')
})
