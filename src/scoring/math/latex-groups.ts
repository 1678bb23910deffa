/** A balanced `{...}` group: its content and the index just past its closing brace. */
export interface Group {
  content: string
  end: number
}

const BACKSLASH = 92
const OPEN = 123
const CLOSE = 125

/** The index of the "}" closing the "{" at `open`, or -1 when it never closes. Escaped braces count as text. */
function closingBrace(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (char === BACKSLASH) i++
    else if (char === OPEN) depth++
    else if (char === CLOSE && --depth === 0) return i
  }
  return -1
}

/** The balanced group opening at `open` (which must hold "{"), or null when it never closes. Escaped braces count as text. */
function groupAt(text: string, open: number): Group | null {
  if (text[open] !== '{') return null
  const close = closingBrace(text, open)
  return close < 0 ? null : { content: text.slice(open + 1, close), end: close + 1 }
}

/**
 * For each "{" of the text, the index of its closing "}" (-1 when it never closes), in one pass. Typed arrays, not a
 * Map: a reply of a million braces fills them in milliseconds, and a Map in most of a second.
 */
function closingBraces(text: string): Int32Array {
  const closing = new Int32Array(text.length).fill(-1)
  const open = new Int32Array(text.length)
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (char === BACKSLASH) i++
    else if (char === OPEN) open[depth++] = i
    else if (char === CLOSE && depth > 0) closing[open[--depth] as number] = i
  }
  return closing
}

const SPACE = /\s*/y

/**
 * Every `\command{...}` of the given names, in order, with the span each covers; linear even when none closes. Yielded
 * one at a time rather than gathered, because a reply may hold a hundred thousand of them.
 */
export function* commandGroups(text: string, names: readonly string[]): Generator<Group & { start: number }> {
  const command = new RegExp(String.raw`\\(?:${names.join('|')})`, 'g')
  // Each group is read from its "{" until one never closes. Reading on from every later "{" to the end could then be
  // quadratic, so every closing brace is found at once instead.
  let closing: Int32Array | undefined
  let unclosed = false
  for (let found = command.exec(text); found !== null; found = command.exec(text)) {
    const start = found.index
    const open = openingAfter(text, start, names)
    if (open < 0) continue
    const close: number = unclosed ? ((closing ??= closingBraces(text))[open] as number) : closingBrace(text, open)
    unclosed ||= close < 0
    if (close < 0) continue
    yield { content: text.slice(open + 1, close), end: close + 1, start }
    command.lastIndex = close + 1
  }
}

/** Where the "{" of `\name {` opens, for the first of the names that stands so at `start`; else -1. */
function openingAfter(text: string, start: number, names: readonly string[]): number {
  for (const name of names) {
    if (!text.startsWith(name, start + 1)) continue
    SPACE.lastIndex = start + 1 + name.length
    SPACE.test(text)
    if (text.charCodeAt(SPACE.lastIndex) === OPEN) return SPACE.lastIndex
  }
  return -1
}

/**
 * Replaces every `\command{...}` of the given names, innermost groups included, with what `replace` makes of its
 * content; a command whose group never closes is left as it is.
 */
export function replaceCommand(text: string, name: string, replace: (content: string) => string): string {
  const pattern = new RegExp(String.raw`\\${name}\s*(?=\{)`, 'g')
  let result = ''
  let from = 0
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const group = groupAt(text, match.index + match[0].length)
    if (group === null) continue
    result += text.slice(from, match.index) + replace(replaceCommand(group.content, name, replace))
    from = group.end
    pattern.lastIndex = group.end
  }
  return result + text.slice(from)
}
