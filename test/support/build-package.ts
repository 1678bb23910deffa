import { execFileSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

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
export function setup(project: { name: string }): void {
  // the example evals' project extends this config and so inherits this setup; it runs from source, needing no build
  if (project.name !== 'unit') return
  if (builtAt() >= newestSource(join(ROOT, 'src'))) return
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT })
}
