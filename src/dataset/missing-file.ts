import { isAbsolute } from 'node:path'
import type { DatasetIssue } from '../errors.ts'

/**
 * A path that names nothing and, for a relative one, the folder it was looked for in: a misspelt name and a path
 * written from another folder look alike.
 */
export function missingFile(path: string): DatasetIssue {
  const where = isAbsolute(path) ? '' : ` (paths are relative to the working directory, ${process.cwd()})`
  return { file: path, message: `file not found${where}` }
}
