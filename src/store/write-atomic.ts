import { randomUUID } from 'node:crypto'
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { isProcessAlive } from './file-lock.ts'

// beside the target, so that the rename stays on one file system and is atomic; named for the writing process, so
// that a later run can tell what a killed writer left from what a live one is still writing
const temporaryFor = (file: string): string => `${file}.${process.pid}-${randomUUID()}.tmp`

// `<file>.<pid>-<uuid>.tmp`, or `<file>.<uuid>.tmp` as written before the writer's id was in the name
const TEMPORARY = /\.(?:(\d+)-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/
// a write takes milliseconds: a temporary file this old lost its writer, whatever its name says (a reused pid)
const ABANDONED_MS = 60 * 60_000

/**
 * Removes from `dir` the temporary files of atomic writes whose writer died before its rename (a SIGKILL, a power
 * cut): those named for a process that no longer runs, and any older than an hour. A live writer's stays.
 */
export function removeAbandonedTemporaries(dir: string): void {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return
  }
  for (const name of names) {
    const found = TEMPORARY.exec(name)
    if (found === null) continue
    const path = join(dir, name)
    try {
      if ((found[1] !== undefined && !isProcessAlive(Number(found[1]))) || Date.now() - statSync(path).mtimeMs > ABANDONED_MS)
        rmSync(path, { force: true })
    } catch {
      // renamed or removed by its writer meanwhile: nothing left to clear
    }
  }
}

/**
 * Writes a file through a temporary one and a rename, so a reader never sees half of it; a failed write leaves no
 * temporary file behind, and what killed writers left beside the file is removed.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  removeAbandonedTemporaries(dirname(file))
  const temporary = temporaryFor(file)
  try {
    await writeFile(temporary, text)
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/** `writeFileAtomic` for callers that hold a file lock, which must not let other code run while they write. */
export function writeFileAtomicSync(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true })
  removeAbandonedTemporaries(dirname(file))
  const temporary = temporaryFor(file)
  try {
    writeFileSync(temporary, text)
    renameSync(temporary, file)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}
