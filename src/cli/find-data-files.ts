import { readdirSync, realpathSync, statSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileKindOf } from '../dataset/index.ts'

/** A data file a folder holds that is not read, and why. */
export interface SkippedFile {
  path: string
  why: string
}

/**
 * The data files under a folder (meta files aside), sorted, and the entries named like data files that are skipped:
 * what is not a regular file (a named pipe would never end), and links that lead out of the folder or to a folder.
 * Links are never walked into, so a link back up the tree cannot make the walk circle.
 */
export function findDataFiles(folder: string, extensions: readonly string[]): { files: string[]; skipped: SkippedFile[] } {
  const root = realpathSync(folder)
  const files: string[] = []
  const skipped: SkippedFile[] = []
  const isDataName = (name: string): boolean => extensions.some((extension) => name.endsWith(extension)) && !name.endsWith('.meta.json')
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) visit(path)
      else if (entry.isSymbolicLink()) {
        const why = linkProblem(path, root, isDataName(entry.name))
        if (why === undefined) files.push(path)
        else if (why !== '') skipped.push({ path, why })
      } else if (isDataName(entry.name)) {
        if (entry.isFile()) files.push(path)
        else skipped.push({ path, why: `${fileKindOf(statSync(path))}, not a regular file` })
      }
    }
  }
  visit(folder)
  return { files: files.sort(), skipped: skipped.sort((a, b) => a.path.localeCompare(b.path)) }
}

/** Why a link is not read (empty when it is not worth a word), or `undefined` for a link to a data file in the tree. */
function linkProblem(path: string, root: string, dataName: boolean): string | undefined {
  let real: string
  try {
    real = realpathSync(path)
  } catch {
    return dataName ? 'a link that leads to no file' : ''
  }
  const stats = statSync(real)
  if (stats.isDirectory()) return 'a link to a folder, not followed (its own files are read where they lie)'
  if (!dataName) return ''
  if (real !== root && !real.startsWith(root.endsWith(sep) ? root : root + sep)) return `a link that leads out of the folder (to ${real})`
  return stats.isFile() ? undefined : `a link to ${fileKindOf(stats)}, not a regular file`
}
