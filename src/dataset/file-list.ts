import { existsSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { DatasetError } from '../errors.ts'
import { missingFile } from './missing-file.ts'

/**
 * The data files a path names: the file itself, or the files directly inside a folder whose names end with one of
 * `extensions`, sorted by name. Throws when there is nothing to read.
 */
export async function listDataFiles(path: string, extensions: readonly string[]): Promise<string[]> {
  if (!existsSync(path)) throw new DatasetError([missingFile(path)])
  if (!(await stat(path)).isDirectory()) return [path]
  const names = (await readdir(path)).filter((name) => extensions.some((extension) => name.endsWith(extension)) && !name.endsWith('.meta.json'))
  if (names.length === 0) throw new DatasetError([{ file: path, message: `the folder holds no ${extensions.join(' or ')} file` }])
  return names.sort().map((name) => join(path, name))
}
