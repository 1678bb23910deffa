/**
 * The outcome of reading an answer from a reply and comparing it with the target. A wrong answer has `extracted`
 * set; an unanswered reply (no answer, conflicting answers, or several where one is asked for) has it null.
 */
export interface AnswerMatch {
  pass: boolean
  /** The answer read from the reply; null when the reply commits to none. */
  extracted: string | null
  /** The part of the reply the answer was read from, with a little context. */
  passage: string | null
  explanation: string
  /** A score between 0 and 1 beside the verdict, when asked for: a choice's partial credit. */
  credit?: number
}

const CONTEXT = 30

/** The span [start, end) of `text`, widened by a little context on each side, for showing a reviewer. */
export function passageAround(text: string, start: number, end: number): string {
  const from = Math.max(0, start - CONTEXT)
  const to = Math.min(text.length, end + CONTEXT)
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`
}
