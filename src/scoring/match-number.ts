import { passageAround, type AnswerMatch } from './answer-match.ts'

/** Options of the `number` kind. */
export interface NumberOptions {
  /** Relative tolerance of the comparison. @default 1e-6 */
  tolerance?: number
}

// a number as people write it: optional sign and currency, thousands separators, decimals, a simple fraction
const NUMBER = /-?\$?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s?\/\s?\d+)?|-?\$?\.\d+/g
const MARKERS = [/####\s*/g, /answer is[:\s]*/gi, /answer:\s*/gi]

/** Parses one written number ("$1,234.50", "-3", "7/2", "12.0"); NaN when it is not one. */
function parseNumber(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '')
  const fraction = /^(-?\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(cleaned)
  if (fraction) return Number(fraction[1]) / Number(fraction[2])
  return /^-?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

/** The number a reply gives: the first after its last answer marker ("####", "answer is", "Answer:"), else its last number. */
function extractNumber(output: string): { value: string; start: number; end: number } | null {
  for (const marker of MARKERS) {
    let after = -1
    for (const found of output.matchAll(marker)) after = found.index + found[0].length
    if (after < 0) continue
    const number = new RegExp(NUMBER.source, 'g')
    number.lastIndex = after
    const found = number.exec(output)
    if (found && output.slice(after, found.index).trim().length <= 3) {
      return { value: found[0], start: found.index, end: found.index + found[0].length }
    }
  }
  let last: RegExpMatchArray | undefined
  for (const found of output.matchAll(NUMBER)) last = found
  return last?.index === undefined ? null : { value: last[0], start: last.index, end: last.index + last[0].length }
}

/** The reply's number equals the target number within a relative tolerance. */
export function matchNumber(output: string, target: string | readonly string[], options: NumberOptions = {}): AnswerMatch {
  const found = extractNumber(output)
  if (found === null) return { pass: false, extracted: null, passage: null, explanation: 'the reply gives no number' }
  const value = parseNumber(found.value)
  const tolerance = options.tolerance ?? 1e-6
  const accepted = (typeof target === 'string' ? [target] : target).map(parseNumber)
  const pass = accepted.some((t) => Math.abs(value - t) <= tolerance * Math.max(1, Math.abs(t)))
  return {
    pass,
    extracted: String(value),
    passage: passageAround(output, found.start, found.end),
    explanation: pass ? 'the number equals the target' : `${value} is not ${accepted.join(' or ')}`,
  }
}
