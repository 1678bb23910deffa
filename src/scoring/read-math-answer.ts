import { commandGroups, type Group } from './latex-groups.ts'
import { lastNumber } from './read-number.ts'

/** The final answer a reply states, as LaTeX, where it stands and how it was found. */
export interface MathAnswer {
  answer: string
  start: number
  end: number
  form: 'boxed' | 'marker' | 'math' | 'whole' | 'number'
}

const MARKER = /(?:final answer|the answer|answer)\s*(?:is|:)\s*:?/gi
const SHORT_REPLY = 60
const MAX_BOX_GAP = 60

/** Two boxes one answer is split over are joined by little more than "and", a comma or spacing commands. */
function isConnector(gap: string): boolean {
  if (gap.length > MAX_BOX_GAP || /\.(?!\d)|\n\s*\n/.test(gap)) return false
  const words = gap
    .replace(/\\text\{([^}]*)\}/g, ' $1 ')
    .replace(/\\[a-z]+|[$(){}[\]\\,;&]/gi, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
  return words.length <= 3
}

function boxedAnswer(text: string): MathAnswer | null {
  const boxes = commandGroups(text, ['boxed', 'fbox'])
  const last = boxes.at(-1)
  if (last === undefined) return null
  const parts: Array<Group & { start: number }> = [last]
  for (let i = boxes.length - 2; i >= 0; i--) {
    const box = boxes[i] as Group & { start: number }
    if (!isConnector(text.slice(box.end, (parts[0] as Group & { start: number }).start))) break
    parts.unshift(box)
  }
  const first = parts[0] as Group & { start: number }
  return { answer: parts.map((p) => p.content.trim()).join(', '), start: first.start, end: last.end, form: 'boxed' }
}

/** Strips math delimiters ("$x$", "\(x\)", "\[x\]", "$$x$$") around a whole answer. */
export function stripDelimiters(answer: string): string {
  const trimmed = answer.trim().replace(/[.。]$/, '').trim()
  const wrapped = /^(?:\$\$([^]*)\$\$|\$([^]*)\$|\\\(([^]*)\\\)|\\\[([^]*)\\\])$/.exec(trimmed)
  return (wrapped ? (wrapped[1] ?? wrapped[2] ?? wrapped[3] ?? wrapped[4] ?? '') : trimmed).trim()
}

function markedAnswer(text: string): MathAnswer | null {
  let after = -1
  for (const found of text.matchAll(MARKER)) after = found.index + found[0].length
  if (after < 0) return null
  const rest = text.slice(after)
  const math = /^\s*(\$\$[^$]+\$\$|\$[^$\n]+\$|\\\([^]*?\\\)|\\\[[^]*?\\\])/.exec(rest)
  const sentence = math ? math[1] as string : (/^\s*([^\n]*?)(?:\.\s|\.?$|\n)/.exec(rest)?.[1] ?? '')
  const answer = stripDelimiters(sentence)
  if (answer === '') return null
  const start = after + rest.indexOf(sentence)
  return { answer, start, end: start + sentence.length, form: 'marker' }
}

function lastMathSpan(text: string): MathAnswer | null {
  let last: RegExpExecArray | null = null
  const pattern = /\$\$([^$]+)\$\$|\$([^$\n]+)\$|\\\(([^]*?)\\\)|\\\[([^]*?)\\\]/g
  for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) last = found
  if (last === null) return null
  const answer = (last[1] ?? last[2] ?? last[3] ?? last[4] ?? '').trim()
  return answer === '' ? null : { answer, start: last.index, end: last.index + last[0].length, form: 'math' }
}

/**
 * The final answer of a reply: its last `\boxed{}` (with the boxes just before it when only "and" or a comma
 * separates them), else what follows its last "answer is" / "Answer:", else its last math span, else the whole
 * reply when it is short, else its last number. Null when the reply gives none.
 */
export function readMathAnswer(text: string): MathAnswer | null {
  const found = boxedAnswer(text) ?? markedAnswer(text) ?? lastMathSpan(text)
  if (found) return found
  const trimmed = text.trim()
  if (trimmed !== '' && trimmed.length <= SHORT_REPLY && !trimmed.includes('\n')) {
    return { answer: stripDelimiters(trimmed), start: 0, end: text.length, form: 'whole' }
  }
  const number = lastNumber(text)
  return number === null ? null : { answer: text.slice(number.start, number.end), start: number.start, end: number.end, form: 'number' }
}

/** The answer a target states: its boxed answer when it has one, else the target itself, delimiters stripped. */
export function readMathTarget(target: string): string {
  const boxed = boxedAnswer(target)
  if (boxed) return boxed.answer
  if (target.length <= SHORT_REPLY * 2) return stripDelimiters(target)
  return readMathAnswer(target)?.answer ?? target
}
