import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { runVitest } from './run-fixture.ts'

const PROJECT = fileURLToPath(new URL('../../fixtures/user-project/', import.meta.url))

it("runs eval files with the plugin's settings and the user's unit tests with theirs", async () => {
  const run = await runVitest([], {}, PROJECT)
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  expect(run.stdout).toMatch(/\|evals\| evals\/settings\.eval\.ts \(1 test\)/)
  expect(run.stdout).toMatch(/✓ src\/settings\.test\.ts \(1 test\)/)
  expect(run.stdout).toContain('Tests  2 passed (2)')
})
