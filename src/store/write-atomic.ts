import { randomUUID } from 'node:crypto'
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

// beside the target, so that the rename stays on one file system and is atomic
const temporaryFor = (file: string): string => `${file}.${randomUUID()}.tmp`

/**
 * Writes a file through a temporary one and a rename, so a reader never sees half of it; a failed write leaves no
 * temporary file behind.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
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
  const temporary = temporaryFor(file)
  try {
    writeFileSync(temporary, text)
    renameSync(temporary, file)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}
