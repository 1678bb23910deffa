import { existsSync, readFileSync } from 'node:fs'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project root; the real data sits beside it, in `../shared/datasets`, and is never copied in. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const DATASETS = join(ROOT, '../shared/datasets')
const OUT = join(ROOT, 'bench/fidelity/out')

/** Reads one JSONL file of the shared datasets, failing loudly when the folder is missing. */
export function readSharedJsonl<T>(relativePath: string): T[] {
  const path = join(DATASETS, relativePath)
  if (!existsSync(path)) throw new Error(`missing real data ${path}: the shared datasets must sit beside the project, at ../shared/datasets`)
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        return JSON.parse(line) as T
      } catch (error) {
        throw new Error(`${path}:${index + 1}: not JSON: ${(error as Error).message}`)
      }
    })
}

/** Writes the rows to review as JSONL under `bench/fidelity/out/`, and returns the path written. */
export function writeReview(name: string, rows: readonly unknown[]): string {
  mkdirSync(OUT, { recursive: true })
  const path = join(OUT, name)
  writeFileSync(path, rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length > 0 ? '\n' : ''))
  return path
}
