import { mathSpans } from './math-spans.ts'

const BACKSLASH = 92
const OPEN_BRACE = 123

function isLetter(char: number): boolean {
  return (char >= 65 && char <= 90) || (char >= 97 && char <= 122)
}

/** The last "}" outside math spans, or -1. */
function lastCloseOutsideSpans(text: string): number {
  let last = -1
  let close = text.indexOf('}')
  for (const span of mathSpans(text)) {
    for (; close >= 0 && close < span.start; close = text.indexOf('}', close + 1)) last = close
    if (close >= 0 && close < span.end) close = text.indexOf('}', span.end)
  }
  for (; close >= 0; close = text.indexOf('}', close + 1)) last = close
  return last
}

/**
 * Whether text outside LaTeX commands and math spans reads as words ("The volume is 120") rather than math: whether
 * `/[a-zA-Z]{3,}/` matches once each math span, then each `\\[a-zA-Z]+(?:\{[^}]*\})?`, is replaced by a space. Read
 * in one pass instead: that regex reads to the end of the text from every "{" left unclosed (here a "{" after the
 * last "}" is known to be unclosed), and a text of a hundred thousand spans is slow to rebuild.
 */
export function isProse(text: string): boolean {
  // blanking out spans and commands never joins letters, so a text without three together has none outside them
  if (!/[a-zA-Z]{3}/.test(text)) return false
  const spans = mathSpans(text)
  let span = spans.next().value
  let lastClose: number | undefined
  let run = 0
  for (let i = 0; i < text.length; i++) {
    if (span !== undefined && i === span.start) {
      i = span.end - 1
      span = spans.next().value
      run = 0
    } else if (text.charCodeAt(i) === BACKSLASH && isLetter(text.charCodeAt(i + 1))) {
      for (i += 2; isLetter(text.charCodeAt(i));) i++
      lastClose ??= text.charCodeAt(i) === OPEN_BRACE ? lastCloseOutsideSpans(text) : undefined
      if (text.charCodeAt(i) !== OPEN_BRACE || lastClose === undefined || i > lastClose) i--
      else {
        // the group ends at the first "}" outside spans; the spans inside it are skipped with it
        let close = text.indexOf('}', i)
        for (; span !== undefined && span.start < close; span = spans.next().value) {
          if (close < span.end) close = text.indexOf('}', span.end)
        }
        i = close
      }
      run = 0
    } else {
      run = isLetter(text.charCodeAt(i)) ? run + 1 : 0
      if (run >= 3) return true
    }
  }
  return false
}
