// C0 and C1 controls and DEL, which start a terminal's escape sequences (ESC, CSI, OSC) or move its cursor, and the
// bidirectional overrides and isolates, which reorder the text shown around them
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const SHORT: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' }

function visible(char: string): string {
  const code = char.charCodeAt(0)
  return SHORT[char] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`)
}

/**
 * Text from a name or a message, shown as it is but with every control character written out visibly (`\x1b`,
 * `\n`, `\u202e`), so that it cannot clear a terminal, move its cursor, set its title, open a link (OSC 8) or
 * break a line; letters of any script, spaces and punctuation are kept.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, visible)
}

/** A message of several lines shown as written, each line with its control characters written out visibly. */
export function escapeControlLines(text: string): string {
  return text.split('\n').map(escapeControlCharacters).join('\n')
}
