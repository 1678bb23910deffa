import { passageAround, type AnswerMatch } from './answer-match.ts'
import { describeMarker, markerPattern, type AnswerMarker } from './answer-marker.ts'
import { matchExact } from './match-text.ts'
import type { TextOptions } from './normalize-text.ts'

/** Options of the `exact` kind. */
export interface ExactOptions extends TextOptions {
  /**
   * Where the answer is stated: the rest of the line after the last marker (or the next line with text, when the
   * marker ends its line), trying the markers in order; the whole reply when none appears. Bold markers (`**`) around
   * the answer are dropped. Without it, the whole reply is the answer. The default scorer of a benchmark uses
   * `marker: 'ANSWER:'`.
   * @example { kind: 'exact', marker: 'ANSWER:' }
   */
  marker?: AnswerMarker | readonly AnswerMarker[]
}

// from the end of a marker: spaces, line breaks and bold markers, then the answer up to the end of its line
const ANSWER_AFTER = /[\s*]*([^\n]*)/y
const SPACE_OR_STAR = /[\s*]/

/**
 * The line without the spaces and bold markers it ends with, read from its end: `/[\s*]+$/` would try from every run of
 * spaces in the line, in quadratic time.
 */
function trimEnd(line: string): string {
  let end = line.length
  while (end > 0 && SPACE_OR_STAR.test(line[end - 1] as string)) end--
  return line.slice(0, end)
}

/** The answer stated after the last marker, trying the markers in order, and where it is. */
function statedAnswer(
  output: string,
  markers: readonly AnswerMarker[],
): { text: string; start: number; end: number; marker: AnswerMarker } | null {
  for (const marker of markers) {
    let after = -1
    for (const found of output.matchAll(markerPattern(marker))) after = found.index + found[0].length
    if (after < 0) continue
    ANSWER_AFTER.lastIndex = after
    const line = ANSWER_AFTER.exec(output)!
    const text = trimEnd(line[1]!)
    if (text === '') continue
    const start = line.index + line[0].length - line[1]!.length
    return { text, start, end: start + text.length, marker }
  }
  return null
}

/** The `exact` kind with a marker: the answer stated after it equals the target; the whole reply does when it has none. */
export function matchExactAfterMarker(output: string, target: string | readonly string[], options: ExactOptions): AnswerMatch {
  const markers = options.marker === undefined ? [] : Array.isArray(options.marker) ? options.marker : [options.marker as AnswerMarker]
  const stated = statedAnswer(output, markers)
  if (stated === null) return matchExact(output, target, options)
  const { pass } = matchExact(stated.text, target, options)
  const where = `the answer after ${describeMarker(stated.marker)}`
  return {
    pass,
    extracted: stated.text,
    passage: passageAround(output, stated.start, stated.end),
    explanation: pass ? `${where} equals the target` : `${where} is not the target`,
  }
}
