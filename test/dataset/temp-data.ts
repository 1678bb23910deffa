import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll } from 'vitest'
import { DatasetError } from '../../src/errors.ts'

/**
 * A temporary folder for the data files of one test file, removed after it. Files are named by paths relative to the
 * working directory, as users name them.
 */
export function useTempData(): {
  /** The folder, relative to the working directory. */
  dir: string
  file(name: string, content: string | Buffer): string
  folder(name: string, files: Record<string, string>): string
  shown(error: Error): string
} {
  const absolute = mkdtempSync(join(tmpdir(), 'evalsuite-data-'))
  const dir = relative(process.cwd(), absolute)
  afterAll(() => rmSync(absolute, { recursive: true, force: true }))
  return {
    dir,
    file(name, content) {
      writeFileSync(join(absolute, name), content)
      return join(dir, name)
    },
    folder(name, files) {
      mkdirSync(join(absolute, name))
      for (const [file, content] of Object.entries(files)) writeFileSync(join(absolute, name, file), content)
      return join(dir, name)
    },
    /** The error message with the temporary folder shown as <dir>. */
    shown: (error) => error.message.replaceAll(dir, '<dir>'),
  }
}

/** JSONL text of records; a string is written as the line itself. */
export function jsonl(...records: unknown[]): string {
  return records.map((record) => (typeof record === 'string' ? record : JSON.stringify(record))).join('\n') + '\n'
}

/** The `DatasetError` a load rejects with; fails the test on anything else. */
export async function rejection(loading: Promise<unknown>): Promise<DatasetError> {
  const error = await loading.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof DatasetError)) throw new Error(`expected a DatasetError, got ${String(error)}`)
  return error
}
