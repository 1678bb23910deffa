/** A math span of a reply ("$$x$$", "$x$", "\(x\)", "\[x\]"): where its delimiters start and end, and its content. */
export interface MathSpan {
  start: number
  end: number
  content: string
}

// a delimited span holds at most this much, so that an unclosed "\(" is not read to the end of a long reply
const MAX_CONTENT = 2000
const DOLLAR = 36
const BACKSLASH = 92
const NEWLINE = 10
const OPEN_PAREN = 40
const OPEN_BRACKET = 91

/**
 * Reads math spans at positions asked in increasing order, as the regex
 * `\$\$([^$]{1,2000})\$\$|(?<!\\)\$((?:[^$\n\\]|\\[^])+?)(?<!\\)\$|\\\(([^\n]{1,2000}?)\\\)|\\\[([^]{1,2000}?)\\\]`
 * would, its alternatives tried in that order. The regex rescans up to 2,000 characters from every unclosed "\(":
 * here the next "$", "\)" and "\]" are found once and remembered, so a reply of them all is read in one pass.
 */
export function createSpanReader(text: string): (start: number) => MathSpan | null {
  const nextAt = new Map<string, number>()
  // the first `delimiter` at or after `from`, or -1; `from` never decreases, so each search starts past the last
  const next = (delimiter: string, from: number): number => {
    let at = nextAt.get(delimiter)
    if (at === undefined || (at !== -1 && at < from)) {
      at = text.indexOf(delimiter, from)
      nextAt.set(delimiter, at)
    }
    return at
  }
  const delimited = (start: number, close: string): MathSpan | null => {
    const at = next(close, start + 3)
    if (at < 0 || at - start - 2 > MAX_CONTENT) return null
    // inline math "\(...\)" stays on one line, as "$...$" does; display math "\[...\]" may span lines
    if (close === '\\)' && next('\n', start) >= 0 && next('\n', start) < at) return null
    return { start, end: at + 2, content: text.slice(start + 2, at) }
  }
  const inline = (start: number): MathSpan | null => {
    if (text.charCodeAt(start - 1) === BACKSLASH) return null
    // one unit at a time, "\" with the character it escapes counting as one; each unit may be the last before "$"
    for (let at = start + 1; at < text.length;) {
      const char = text.charCodeAt(at)
      if (char === DOLLAR || char === NEWLINE || (char === BACKSLASH && at + 1 === text.length)) return null
      at += char === BACKSLASH ? 2 : 1
      if (text.charCodeAt(at) === DOLLAR && text.charCodeAt(at - 1) !== BACKSLASH)
        return { start, end: at + 1, content: text.slice(start + 1, at) }
    }
    return null
  }
  return (start) => {
    const first = text.charCodeAt(start)
    const second = text.charCodeAt(start + 1)
    if (first === DOLLAR) {
      if (second === DOLLAR) {
        const close = next('$', start + 2)
        const length = close - start - 2
        if (length >= 1 && length <= MAX_CONTENT && text[close + 1] === '$')
          return { start, end: close + 2, content: text.slice(start + 2, close) }
      }
      return inline(start)
    }
    if (first !== BACKSLASH) return null
    if (second === OPEN_PAREN) return delimited(start, '\\)')
    if (second === OPEN_BRACKET) return delimited(start, '\\]')
    return null
  }
}

/** Every math span of a text, left to right, as a global search with the regex above finds them. */
export function* mathSpans(text: string): Generator<MathSpan> {
  const spanAt = createSpanReader(text)
  // every span starts with "$" or "\", and most texts have none or few, so reading starts at the first
  for (let at = text.search(/[$\\]/); at >= 0 && at < text.length; at++) {
    const char = text.charCodeAt(at)
    const span = char === DOLLAR || char === BACKSLASH ? spanAt(at) : null
    if (span === null) continue
    yield span
    at = span.end - 1
  }
}
