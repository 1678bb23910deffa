import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

// evalsuite's own files, in the repository (src/) and in the installed package (dist/)
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const OWN_FOLDERS = [`${PACKAGE_ROOT}src/`, `${PACKAGE_ROOT}dist/`]
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
    if (OWN_FOLDERS.some((folder) => file.startsWith(folder)) || file.includes('/node_modules/')) continue
    return `${relative(process.cwd(), file)}:${found[2]}`
  }
  return undefined
}
