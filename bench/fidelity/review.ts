import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const OUT = fileURLToPath(new URL('./out/', import.meta.url))

/** Writes the rows to review as JSONL under `bench/fidelity/out/`, and returns the path written. */
export function writeReview(name: string, rows: readonly unknown[]): string {
  mkdirSync(OUT, { recursive: true })
  const path = join(OUT, name)
  writeFileSync(path, rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length > 0 ? '\n' : ''))
  return path
}
