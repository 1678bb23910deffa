import { existsSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { DatasetError } from '../errors.ts'
import { fileKindOf } from './file-kind.ts'
import { missingFile } from './missing-file.ts'

/**
 * The data files a path names: the file itself, or the regular files directly inside a folder whose names end with
 * one of `extensions`, sorted by name. Throws when there is nothing to read, and for a named pipe or a device, which
 * would be read forever.
 */
export async function listDataFiles(path: string, extensions: readonly string[]): Promise<string[]> {
  if (!(await isFolder(path))) return [path]
  const names = (await readdir(path)).filter(
    (name) => extensions.some((extension) => name.endsWith(extension)) && !name.endsWith('.meta.json'),
  )
  const files: string[] = []
  for (const name of names.sort()) if ((await stat(join(path, name)).catch(() => undefined))?.isFile()) files.push(join(path, name))
  if (files.length === 0) throw new DatasetError([{ file: path, message: `the folder holds no ${extensions.join(' or ')} file` }])
  return files
}

/** Whether the path names a folder; throws for a path that names nothing, or something other than a file or folder. */
export async function isFolder(path: string): Promise<boolean> {
  if (!existsSync(path)) throw new DatasetError([missingFile(path)])
  const stats = await stat(path)
  if (stats.isDirectory()) return true
  if (!stats.isFile())
    throw new DatasetError([{ file: path, message: `is ${fileKindOf(stats)}, not a regular file; name a data file or a folder of them` }])
  return false
}
