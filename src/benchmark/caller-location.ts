import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

// evalsuite's own files: the folder this module was loaded from, src/ in the repository and dist/ once built (where
// the build puts it in dist/ itself)
const OWN_FOLDER = /^.*\/(?:src|dist)\//.exec(fileURLToPath(import.meta.url))?.[0]
const FRAME = /\(?((?:file:\/\/)?\/[^\s()]+?):(\d+):\d+\)?$/

/**
 * Where the user's code called into evalsuite: the first stack frame outside evalsuite's own files and Node's, as
 * `path:line` relative to the working directory. Errors found later (at collection) name it, so they point at the
 * user's line rather than ours.
 */
export function callerLocation(): string | undefined {
  for (const line of (new Error().stack ?? '').split('\n').slice(1)) {
    const found = FRAME.exec(line.trim())
    if (!found) continue
    const file = found[1]!.startsWith('file://') ? fileURLToPath(found[1]!) : found[1]!
    if ((OWN_FOLDER !== undefined && file.startsWith(OWN_FOLDER)) || file.includes('/node_modules/')) continue
    return `${relative(process.cwd(), file)}:${found[2]}`
  }
  return undefined
}
