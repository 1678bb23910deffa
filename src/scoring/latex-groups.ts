/** A balanced `{...}` group: its content and the index just past its closing brace. */
export interface Group {
  content: string
  end: number
}

/** The balanced group opening at `open` (which must hold "{"), or null when it never closes. Escaped braces count as text. */
function groupAt(text: string, open: number): Group | null {
  if (text[open] !== '{') return null
  let depth = 0
  for (let i = open; i < text.length; i++) {
    const char = text[i]
    if (char === '\\') {
      i++
      continue
    }
    if (char === '{') depth++
    else if (char === '}' && --depth === 0) return { content: text.slice(open + 1, i), end: i + 1 }
  }
  return null
}

/** For each "{" of the text, the index of its closing "}" (-1 when it never closes), in one pass. */
function closingBraces(text: string): Map<number, number> {
  const closing = new Map<number, number>()
  const open: number[] = []
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '\\') i++
    else if (char === '{') open.push(i)
    else if (char === '}' && open.length > 0) closing.set(open.pop() as number, i)
  }
  for (const index of open) closing.set(index, -1)
  return closing
}

/** Every `\command{...}` of the given names, in order, with the span each covers; linear even when none closes. */
export function commandGroups(text: string, names: readonly string[]): Array<Group & { start: number }> {
  const found: Array<Group & { start: number }> = []
  const pattern = new RegExp(String.raw`\\(?:${names.join('|')})\s*(?=\{)`, 'g')
  let closing: Map<number, number> | undefined
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    closing ??= closingBraces(text)
    const open = match.index + match[0].length
    const close = closing.get(open) ?? -1
    if (close < 0) continue
    found.push({ content: text.slice(open + 1, close), end: close + 1, start: match.index })
    pattern.lastIndex = close + 1
  }
  return found
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
