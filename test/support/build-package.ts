import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildPackage } from '../../scripts/build.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

function newestSource(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
      entry.isDirectory() ? newestSource(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs,
    ),
  )
}

function builtAt(): number {
  try {
    return statSync(join(ROOT, 'dist/index.js')).mtimeMs
  } catch {
    return -1
  }
}

/**
 * Vitest global setup: builds `dist/` once before any test file runs, so the tests that use the package as an
 * installed user does never race each other's builds. An up-to-date build is kept.
 */
export async function setup(project: { name: string }): Promise<void> {
  // the example evals' project extends this config and so may inherit this setup; it runs from source, needing no build
  if (project.name !== 'e2e') return
  // the build script shapes dist/ as much as the sources do
  if (builtAt() >= Math.max(newestSource(join(ROOT, 'src')), statSync(join(ROOT, 'scripts/build.ts')).mtimeMs)) return
  await buildPackage()
}
