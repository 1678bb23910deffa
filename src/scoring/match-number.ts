import { ScorerError } from '../errors.ts'
import { passageAround, type AnswerMatch } from './answer-match.ts'
import { describeMarker, markerPattern, type AnswerMarker } from './answer-marker.ts'
import { checkPrecision, sameRounded } from './precision.ts'
import { lastNumber, numberAt, parseNumber, type WrittenNumber } from './read-number.ts'

/** Options of the `number` kind. */
export interface NumberOptions {
  /** Relative tolerance of the comparison (absolute below 1). @default 1e-6 */
  tolerance?: number
  /**
   * Where the reply's number or the target is written with a decimal point, the two also agree when both, rounded to
   * this many digits after it, are the same: with 2, "0.67" reads as a target of 2/3. Unset, only `tolerance` counts.
   */
  precision?: number
  /**
   * Where the answer is stated: the number right after the last marker is read, trying the markers in order, and
   * the reply's last number when none is followed by one. @default ['####', 'answer:', 'answer is']
   * @example { kind: 'number', marker: 'A:' }
   */
  marker?: AnswerMarker | readonly AnswerMarker[]
}

const DEFAULT_MARKERS: readonly AnswerMarker[] = ['####', 'answer:', 'answer is']

/** The number a reply gives: the one after its last answer marker, else its last number. */
function readAnswer(output: string, markers: readonly AnswerMarker[]): (WrittenNumber & { marker?: AnswerMarker }) | null {
  for (const marker of markers) {
    let after = -1
    for (const found of output.matchAll(markerPattern(marker))) after = found.index + found[0].length
    const number = after < 0 ? null : numberAt(output, after)
    if (number) return { ...number, marker }
  }
  return lastNumber(output)
}

function targetNumber(target: string | number): number {
  const value = typeof target === 'number' ? target : parseNumber(target.trim())
  if (Number.isNaN(value))
    throw new ScorerError(
      `toMatchAnswer kind "number": the target ${JSON.stringify(target)} is not a number; fix the sample's target or use kind "exact".`,
    )
  return value
}

/**
 * The number a reply gives equals the target within a tolerance. Reads thousands separators, currency, units,
 * percent signs (dropped: "25%" reads 25), negatives, decimals, fractions and scientific notation. A reply with no
 * number is unanswered (`extracted: null`).
 * @example matchNumber('She pays $1,250.00 in total.\n#### 1,250', 1250).pass // true
 */
export function matchNumber(
  output: string,
  target: string | number | readonly (string | number)[],
  options: NumberOptions = {},
): AnswerMatch {
  checkPrecision('number', options.precision)
  const written = (Array.isArray(target) ? target : [target]).map(String)
  const accepted = written.map(targetNumber)
  const markers =
    options.marker === undefined ? DEFAULT_MARKERS : Array.isArray(options.marker) ? options.marker : [options.marker as AnswerMarker]
  const found = readAnswer(output, markers)
  if (found === null) return { pass: false, extracted: null, passage: null, explanation: 'the reply gives no number' }
  const tolerance = options.tolerance ?? 1e-6
  const { precision } = options
  const decimal = precision !== undefined && /\.\d/.test(output.slice(found.start, found.end))
  const pass = accepted.some(
    (t, i) =>
      Math.abs(found.value - t) <= tolerance * Math.max(1, Math.abs(t)) ||
      (precision !== undefined && (decimal || written[i]?.includes('.') === true) && sameRounded(found.value, t, precision)),
  )
  const where = found.marker === undefined ? 'the last number' : `the number after ${describeMarker(found.marker)}`
  return {
    pass,
    extracted: String(found.value),
    passage: passageAround(output, found.start, found.end),
    explanation: pass ? `${where} equals the target` : `${found.value} (${where}) is not ${accepted.join(' or ')}`,
  }
}
