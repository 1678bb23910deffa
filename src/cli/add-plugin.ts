/** What adding the plugin to an existing Vitest config came to. */
export type PluginEdit =
  | { kind: 'added'; text: string }
  | { kind: 'present' }
  /** The config's shape was not recognised; nothing is written, and the user is told the two lines to add. */
  | { kind: 'unrecognised' }

const IMPORT_LINE = "import { evalsuite } from 'evalsuite/plugin'"

// the last top-level import statement, possibly spread over several lines
const LAST_IMPORT = /^import[\s\S]*?from\s+['"][^'"]+['"];?[ \t]*$/gm

function withImport(text: string): string {
  let end = -1
  for (const found of text.matchAll(LAST_IMPORT)) end = found.index + found[0].length
  return end < 0 ? `${IMPORT_LINE}\n${text}` : `${text.slice(0, end)}\n${IMPORT_LINE}${text.slice(end)}`
}

// how deep `index` sits inside the braces that follow `from`; braces in strings or comments are rare in a config
function depthAt(text: string, from: number, index: number): number {
  let depth = 0
  for (let at = from; at < index; at++) {
    if (text[at] === '{') depth += 1
    else if (text[at] === '}') depth -= 1
  }
  return depth
}

/**
 * Adds `evalsuite()` to a Vitest config's plugins, keeping everything else as written: into the config object's own
 * `plugins: [...]` (not one nested inside, such as Rollup's), or as a new `plugins` entry of that object.
 */
export function addPlugin(text: string): PluginEdit {
  if (/\bevalsuite\s*\(/.test(text)) return { kind: 'present' }
  const config = /(?:defineConfig\s*\(\s*|export\s+default\s+)\{/.exec(text)
  if (config === null) return { kind: 'unrecognised' }
  const inside = config.index + config[0].length
  const own = [...text.matchAll(/\bplugins\s*:\s*\[/g)].find((found) => found.index > inside && depthAt(text, inside, found.index) === 0)
  if (own) {
    const at = own.index + own[0].length
    const rest = text.slice(at)
    const separator = /^\s*\]/.test(rest) ? '' : ', '
    return { kind: 'added', text: withImport(`${text.slice(0, at)}evalsuite()${separator}${rest}`) }
  }
  const indent = /\n([ \t]+)\S/.exec(text.slice(inside))?.[1] ?? '  '
  return { kind: 'added', text: withImport(`${text.slice(0, inside)}\n${indent}plugins: [evalsuite()],${text.slice(inside)}`) }
}

/** The two lines a user adds by hand when the config could not be edited safely. */
export const MANUAL_PLUGIN_STEPS = `${IMPORT_LINE}\n  plugins: [evalsuite()],  // inside defineConfig({ ... })`
