import { outOfTime, type CheckLimits } from './check-limits.ts'
import { isProse } from './is-prose.ts'
import { commandGroups, type Group } from './latex-groups.ts'
import { createSpanReader, mathSpans, type MathSpan } from './math-spans.ts'
import { lastNumber, withDecimalPoint } from '../read-number.ts'

/** The final answer a reply states, as LaTeX, and where it stands. */
export interface MathAnswer {
  answer: string
  start: number
  end: number
}

const MARKER = /(?:final answer|the answer|answer)\s*(?:is|:)\s*:?/gi
const SHORT_REPLY = 60
const MAX_BOX_GAP = 60
const MAX_GAP_WORDS = 3
// One answer is split over a few boxes; joining every box of a reply of them side by side would cost time in
// proportion to it, and read no answer anyone wrote.
const MAX_JOINED_BOXES = 100
// The clock is read between the (linear) passes over a reply from this length on. A shorter reply is read in well
// under a millisecond, so its answer is always read, and even a limit of 0 ms says which answer it could not compare.
const TIMED_LENGTH = 10_000

type Span = Group & { start: number }

// "or" and "and" written without spaces between two pieces of math: "W(x)=1orW(x)=-1"
const GLUED_CONNECTOR = /(?<=[\d)}\]])(?:or|and)(?=[A-Za-z\d\\(-])/g

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

/** The last box, with the boxes before it that only connectors separate from it, up to MAX_JOINED_BOXES in all. */
function boxedAnswer(text: string): MathAnswer | null {
  let recent: Span[] = []
  for (const box of commandGroups(text, ['boxed', 'fbox'])) {
    // cut back now and then, not at every box, so each box costs the same however many came before
    if (recent.push(box) === 2 * MAX_JOINED_BOXES) recent = recent.slice(MAX_JOINED_BOXES)
  }
  recent = recent.slice(-MAX_JOINED_BOXES)
  const last = recent.at(-1)
  if (last === undefined) return null
  let first = recent.length - 1
  while (first > 0 && isConnector(text.slice((recent[first - 1] as Span).end, (recent[first] as Span).start))) first--
  const parts = recent.slice(first)
  return { answer: parts.map((p) => p.content.trim()).join(', '), start: (parts[0] as Span).start, end: last.end }
}

/**
 * The math spans of a stated answer that only connectors separate ("$12$ and $13$", "$x=1$, $y=2$"), joined as a
 * list; null unless there are several and nothing but quotes and punctuation stands around them.
 */
function joinedSpans(said: string, offset: number): MathAnswer | null {
  const spans = [...mathSpans(said)]
  const first = spans[0]
  const last = spans.at(-1)
  if (first === undefined || last === undefined || spans.length < 2 || spans.length > MAX_JOINED_BOXES) return null
  if (!/^[\s"'“”\\]*$/.test(said.slice(0, first.start)) || !/^[\s"'“”\\.,]*$/.test(said.slice(last.end))) return null
  for (let i = 1; i < spans.length; i++)
    if (!isConnector(said.slice((spans[i - 1] as MathSpan).end, (spans[i] as MathSpan).start))) return null
  return { answer: spans.map((span) => span.content.trim()).join(', '), start: offset + first.start, end: offset + last.end }
}

/** Strips math delimiters ("$x$", "\(x\)", "\[x\]", "$$x$$") around a whole answer. */
function stripDelimiters(answer: string): string {
  const trimmed = answer
    .trim()
    .replace(/[.。]$/, '')
    .trim()
  const wrapped = /^(?:\$\$([^]*)\$\$|\$([^]*)\$|\\\(([^]*)\\\)|\\\[([^]*)\\\])$/.exec(trimmed)
  return (wrapped ? (wrapped[1] ?? wrapped[2] ?? wrapped[3] ?? wrapped[4] ?? '') : trimmed).trim()
}

// An inline delimiter ("$", "\(") that ends its line, and one that starts a line: inline math stays on one line.
const BROKEN_OPEN = /(?<![\\$])\$(?!\$)[ \t]*\n|\\\([ \t]*\n/g
const BROKEN_CLOSE = /\n[ \t]*(?:(?<![\\$])\$(?!\$)|\\\))/g

/**
 * Whether a number ending at `end` stands between an inline delimiter that ends its line and one that starts a later
 * line ("$\n9\n$"): what a reply wraps so is neither math nor prose, and states no answer. Display math ("$$", "\[")
 * may span lines.
 */
function insideBrokenInline(text: string, end: number): boolean {
  BROKEN_OPEN.lastIndex = 0
  const open = BROKEN_OPEN.exec(text)
  // the opener may overlap the number read: "$\n42" reads as a dollar amount
  if (open === null || open.index + open[0].length > end) return false
  BROKEN_CLOSE.lastIndex = end
  return BROKEN_CLOSE.exec(text) !== null
}

/** The last math span of a text, or its last number when that comes later ("... $$x$$. So it grows by 100%."). */
function lastStatement(text: string, offset: number): MathAnswer | null {
  let last: MathSpan | null = null
  for (const span of mathSpans(text)) last = span
  const number = lastNumber(text)
  if (number && (last === null || number.start >= last.end)) {
    if (insideBrokenInline(text, number.end)) return null
    return { answer: withDecimalPoint(text.slice(number.start, number.end)), start: offset + number.start, end: offset + number.end }
  }
  const content = last?.content.trim() ?? ''
  if (last === null || content === '') return null
  return { answer: content, start: offset + last.start, end: offset + last.end }
}

function markedAnswer(text: string): MathAnswer | null {
  let after = -1
  for (const found of text.matchAll(MARKER)) after = found.index + found[0].length
  if (after < 0) return null
  const rest = text.slice(after)
  const lead = rest.length - rest.trimStart().length
  const math = createSpanReader(rest)(lead)
  const said = math ? rest.slice(lead, math.end) : (/^\s*([^\n]*?)(?:\.\s|\.?$|\n)/.exec(rest)?.[1] ?? '')
  const start = after + rest.indexOf(said)
  if (!math && isProse(said)) return joinedSpans(said, start) ?? lastStatement(said, start)
  const answer = stripDelimiters(said)
  return answer === '' ? null : { answer, start, end: start + said.length }
}

/**
 * The final answer of a reply: its last `\boxed{}` (with the boxes just before it when only a few words separate
 * them), or what follows its last "answer is" / "Answer:" when that comes after every box; else the reply itself when
 * it is short math; else its last math span or its last number, whichever comes later. Null when it gives none, or
 * when the budget's deadline passes while a long reply is read (`budget.timedOut` then says so).
 */
export function readMathAnswer(text: string, budget?: Pick<CheckLimits, 'deadline' | 'timedOut'>): MathAnswer | null {
  const late = (): boolean => budget !== undefined && text.length >= TIMED_LENGTH && outOfTime(budget)
  const boxed = boxedAnswer(text)
  if (late()) return null
  const marked = markedAnswer(text)
  if (late()) return null
  if (boxed && (marked === null || marked.start < boxed.end)) return boxed
  if (marked) return marked
  const trimmed = text.trim()
  if (trimmed !== '' && trimmed.length <= SHORT_REPLY && !trimmed.includes('\n') && !isProse(trimmed.replace(GLUED_CONNECTOR, ' '))) {
    return { answer: stripDelimiters(trimmed), start: 0, end: text.length }
  }
  const statement = lastStatement(text, 0)
  if (late()) return null
  const short = trimmed !== '' && trimmed.length <= SHORT_REPLY && !trimmed.includes('\n')
  return statement ?? (short ? { answer: stripDelimiters(trimmed), start: 0, end: text.length } : null)
}

/** The answer a target states: its boxed answer, the target itself when it is short or math, else its final answer. */
export function readMathTarget(target: string): string {
  const boxed = boxedAnswer(target)
  if (boxed) return boxed.answer
  // a box left open (a target cut short): what follows its brace
  const open = /\\boxed\{/.exec(target)
  if (open) return readMathTarget(target.slice(open.index + open[0].length))
  if (target.length <= SHORT_REPLY * 2 || !isProse(target)) return stripDelimiters(target)
  return readMathAnswer(target)?.answer ?? target
}
