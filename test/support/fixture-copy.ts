import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
// inside the repository, so that `vitest` and `evalsuite` resolve from its node_modules and package.json as from a
// user's project; at the depth of fixtures/<name>, so that a fixture's relative imports of ../../src still hold
const SCRATCH = join(ROOT, '.tmp-fixtures')

/** An empty folder for one test file's projects, removed when the file's tests end. */
export function scratchFolder(prefix: string): string {
  mkdirSync(SCRATCH, { recursive: true })
  const dir = mkdtempSync(join(SCRATCH, `${prefix}-`))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/**
 * A copy of the fixture project `fixtures/<name>` for one test file (ending in "/"), so that the reports, recordings
 * and baselines its runs write never land in `fixtures/`, and test files running side by side never see each other's.
 */
export function copyFixture(name: string): string {
  const dir = scratchFolder(name)
  cpSync(join(ROOT, 'fixtures', name), dir, { recursive: true })
  return `${dir}/`
}
