/**
 * The 1-based line on which each element of a JSON array starts: the top-level array, or with `split` the array
 * under that key of a top-level object. The text must be valid JSON (it was parsed before).
 */
export function jsonElementLines(text: string, split?: string): number[] {
  const lines: number[] = []
  const targetDepth = split === undefined ? 1 : 2
  let line = 1
  let depth = 0
  let inTarget = split === undefined
  let expectElement = false
  let key: string | undefined
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at)
    if (char === 0x0a) {
      line++
      continue
    }
    if (char === 0x20 || char === 0x09 || char === 0x0d) continue
    if (expectElement && depth === targetDepth && inTarget && char !== 0x5d) {
      lines.push(line)
      expectElement = false
    }
    if (char === 0x22) {
      const end = stringEnd(text, at)
      if (depth === 1 && split !== undefined && isKey(text, end)) key = JSON.parse(text.slice(at, end + 1)) as string
      at = end
    } else if (char === 0x5b || char === 0x7b) {
      depth++
      if (depth === 2 && split !== undefined) inTarget = char === 0x5b && key === split
      if (depth === targetDepth && char === 0x5b) expectElement = true
    } else if (char === 0x5d || char === 0x7d) {
      depth--
    } else if (char === 0x2c && depth === targetDepth) {
      expectElement = true
    }
  }
  return lines
}

/** The offset of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let at = start + 1; ; at++) {
    const char = text.charCodeAt(at)
    if (char === 0x5c) at++
    else if (char === 0x22 || Number.isNaN(char)) return at
  }
}

function isKey(text: string, end: number): boolean {
  let at = end + 1
  while (/\s/.test(text.charAt(at))) at++
  return text.charAt(at) === ':'
}
