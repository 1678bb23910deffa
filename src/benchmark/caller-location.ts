import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

// evalsuite's own files: src/ and dist/ of the package this module was loaded from, whichever of the two it is in
// (the build puts it in dist/ itself), since a build's frames can read as src/ once its source maps apply, as they do
// in a linked checkout of the package
const OWN_ROOT = /^(.*\/)(?:src|dist)\//.exec(fileURLToPath(import.meta.url))?.[1]
const isOwn = (file: string): boolean =>
  OWN_ROOT !== undefined && (file.startsWith(`${OWN_ROOT}src/`) || file.startsWith(`${OWN_ROOT}dist/`))
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
    if (isOwn(file) || file.includes('/node_modules/')) continue
    return `${relative(process.cwd(), file)}:${found[2]}`
  }
  return undefined
}
