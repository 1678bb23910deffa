import { commandGroups, type Group } from './latex-groups.ts'
import { lastNumber } from './read-number.ts'

/** The final answer a reply states, as LaTeX, and where it stands. */
export interface MathAnswer {
  answer: string
  start: number
  end: number
}

const MARKER = /(?:final answer|the answer|answer)\s*(?:is|:)\s*:?/gi
// math spans; a span's length is bounded so that an unclosed "\(" costs a bounded scan, not the rest of the reply
const MATH_SPAN = /\$\$([^$]{1,2000})\$\$|(?<!\\)\$((?:[^$\n\\]|\\[^])+?)(?<!\\)\$|\\\(([^]{1,2000}?)\\\)|\\\[([^]{1,2000}?)\\\]/g
const LEADING_MATH = /^\s*(?:\$\$([^$]{1,2000})\$\$|(?<!\\)\$((?:[^$\n\\]|\\[^])+?)(?<!\\)\$|\\\(([^]{1,2000}?)\\\)|\\\[([^]{1,2000}?)\\\])/
const SHORT_REPLY = 60
const MAX_BOX_GAP = 60
const MAX_GAP_WORDS = 3

type Span = Group & { start: number }

/** Whether text outside LaTeX commands and math spans reads as words ("The volume is 120") rather than math. */
function isProse(text: string): boolean {
  return /[a-zA-Z]{3,}/.test(text.replace(MATH_SPAN, ' ').replace(/\\[a-zA-Z]+(?:\{[^}]*\})?/g, ' '))
}

/** Two boxes one answer is split over are joined by "and", "or", punctuation, spacing and at most a few other words. */
function isConnector(gap: string): boolean {
  if (gap.length > MAX_BOX_GAP || /\.(?!\d)|\n\s*\n/.test(gap)) return false
  const words = gap
    .replace(/\\text\{([^}]*)\}/g, ' $1 ')
    .replace(/\\[a-z]+|[$(){}[\]\\,;&]/gi, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '' && !/^(?:and|or)$/i.test(word))
  return words.length <= MAX_GAP_WORDS
}

function boxedAnswer(text: string): MathAnswer | null {
  const boxes = commandGroups(text, ['boxed', 'fbox'])
  const last = boxes.at(-1)
  if (last === undefined) return null
  const parts: Span[] = [last]
  for (let i = boxes.length - 2; i >= 0; i--) {
    const box = boxes[i] as Span
    if (!isConnector(text.slice(box.end, (parts[0] as Span).start))) break
    parts.unshift(box)
  }
  return { answer: parts.map((p) => p.content.trim()).join(', '), start: (parts[0] as Span).start, end: last.end }
}

/** Strips math delimiters ("$x$", "\(x\)", "\[x\]", "$$x$$") around a whole answer. */
function stripDelimiters(answer: string): string {
  const trimmed = answer.trim().replace(/[.。]$/, '').trim()
  const wrapped = /^(?:\$\$([^]*)\$\$|\$([^]*)\$|\\\(([^]*)\\\)|\\\[([^]*)\\\])$/.exec(trimmed)
  return (wrapped ? (wrapped[1] ?? wrapped[2] ?? wrapped[3] ?? wrapped[4] ?? '') : trimmed).trim()
}

function spanContent(found: RegExpExecArray): string {
  return (found[1] ?? found[2] ?? found[3] ?? found[4] ?? '').trim()
}

/** The last math span of a text, or its last number when that comes later ("... $$x$$. So it grows by 100%."). */
function lastStatement(text: string, offset: number): MathAnswer | null {
  let last: RegExpExecArray | null = null
  MATH_SPAN.lastIndex = 0
  for (let found = MATH_SPAN.exec(text); found !== null; found = MATH_SPAN.exec(text)) last = found
  const number = lastNumber(text)
  if (number && (last === null || number.start >= last.index + last[0].length)) {
    return { answer: text.slice(number.start, number.end), start: offset + number.start, end: offset + number.end }
  }
  if (last === null || spanContent(last) === '') return null
  return { answer: spanContent(last), start: offset + last.index, end: offset + last.index + last[0].length }
}

function markedAnswer(text: string): MathAnswer | null {
  let after = -1
  for (const found of text.matchAll(MARKER)) after = found.index + found[0].length
  if (after < 0) return null
  const rest = text.slice(after)
  const math = LEADING_MATH.exec(rest)
  const said = math ? math[0].trim() : (/^\s*([^\n]*?)(?:\.\s|\.?$|\n)/.exec(rest)?.[1] ?? '')
  const start = after + rest.indexOf(said)
  if (!math && isProse(said)) {
    const inner = lastStatement(said, start)
    return inner && { ...inner }
  }
  const answer = stripDelimiters(said)
  return answer === '' ? null : { answer, start, end: start + said.length }
}

/**
 * The final answer of a reply: its last `\boxed{}` (with the boxes just before it when only a few words separate
 * them), or what follows its last "answer is" / "Answer:" when that comes after every box; else the reply itself when
 * it is short math; else its last math span or its last number, whichever comes later. Null when it gives none.
 */
export function readMathAnswer(text: string): MathAnswer | null {
  const boxed = boxedAnswer(text)
  const marked = markedAnswer(text)
  if (boxed && (marked === null || marked.start < boxed.end)) return boxed
  if (marked) return marked
  const trimmed = text.trim()
  if (trimmed !== '' && trimmed.length <= SHORT_REPLY && !trimmed.includes('\n') && !isProse(trimmed)) {
    return { answer: stripDelimiters(trimmed), start: 0, end: text.length }
  }
  return lastStatement(text, 0) ?? (trimmed !== '' && trimmed.length <= SHORT_REPLY ? { answer: stripDelimiters(trimmed), start: 0, end: text.length } : null)
}

/** The answer a target states: its boxed answer, the target itself when it is short or math, else its final answer. */
export function readMathTarget(target: string): string {
  const boxed = boxedAnswer(target)
  if (boxed) return boxed.answer
  if (target.length <= SHORT_REPLY * 2 || !isProse(target)) return stripDelimiters(target)
  return readMathAnswer(target)?.answer ?? target
}
