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

/**
 * Adds `evalsuite()` to a Vitest config's plugins, keeping everything else as written: into an existing
 * `plugins: [...]`, or as a new `plugins` entry of the exported config object.
 */
export function addPlugin(text: string): PluginEdit {
  if (/\bevalsuite\s*\(/.test(text)) return { kind: 'present' }
  const plugins = /\bplugins\s*:\s*\[/.exec(text)
  if (plugins) {
    const at = plugins.index + plugins[0].length
    const rest = text.slice(at)
    const separator = /^\s*\]/.test(rest) ? '' : ', '
    return { kind: 'added', text: withImport(`${text.slice(0, at)}evalsuite()${separator}${rest}`) }
  }
  const config = /(?:defineConfig\s*\(\s*|export\s+default\s+)\{/.exec(text)
  if (config === null) return { kind: 'unrecognised' }
  const at = config.index + config[0].length
  const indent = /\n([ \t]+)\S/.exec(text.slice(at))?.[1] ?? '  '
  return { kind: 'added', text: withImport(`${text.slice(0, at)}\n${indent}plugins: [evalsuite()],${text.slice(at)}`) }
}

/** The two lines a user adds by hand when the config could not be edited safely. */
export const MANUAL_PLUGIN_STEPS = `${IMPORT_LINE}\n  plugins: [evalsuite()],  // inside defineConfig({ ... })`
