import { passageAround, type AnswerMatch } from './answer-match.ts'
import { readMmluProLetter } from './mmlu-pro-choice.ts'
import { normalizeText } from './normalize-text.ts'
import { LETTERS, readCommitments } from './read-choice.ts'

/** Options of the `choice` kind. */
export interface ChoiceOptions {
  /** The option texts, so the letters beyond them are rejected and a reply quoting an option's text counts. */
  choices?: readonly string[]
  /**
   * Read the reply exactly as an official script does, to reproduce published numbers. "mmlu-pro": the first
   * "answer is (X)", else "Answer: X", else the last standalone letter A–J; a reply none of them matches is
   * unanswered (the official script draws a random letter there). @default the common forms, read strictly
   */
  protocol?: 'mmlu-pro'
  /**
   * Also give partial credit (the `partial_credit` metric) for a question with several right options: the share of
   * them chosen, and 0 when any wrong option is chosen. @default false
   */
  partialCredit?: boolean
}

const PROTOCOL_STEPS = ['"answer is (X)"', '"Answer: X"', 'the last standalone letter']

function targetLetters(target: string | readonly string[], choices: readonly string[] | undefined): string[] {
  const list = typeof target === 'string' ? [target] : [...target]
  return list
    .map((t) => {
      const index = choices?.findIndex((choice) => normalizeText(choice) === normalizeText(t)) ?? -1
      return index >= 0 && t.trim().length > 1 ? (LETTERS[index] ?? t) : t.trim().toUpperCase()
    })
    .sort()
}

// what a reply was read as: the match, and the letters it chose (none when unanswered) for partial credit
interface ChoiceReading {
  match: AnswerMatch
  chosen: readonly string[]
}

function noChoice(explanation: string, passage: string | null = null): ChoiceReading {
  return { match: { pass: false, extracted: null, passage, explanation }, chosen: [] }
}

function chose(letters: string[], expected: string[], passage: string, how = ''): ChoiceReading {
  const chosen = letters.join(', ')
  const answer = expected.join(', ')
  const pass = chosen === answer
  const explanation = `${pass ? 'the chosen option is the target' : `chose ${chosen}, the answer is ${answer}`}${how}`
  return { match: { pass, extracted: chosen, passage, explanation }, chosen: letters }
}

function readProtocol(output: string, expected: string[]): ChoiceReading {
  const read = readMmluProLetter(output)
  if (read === null) return noChoice('no MMLU-Pro pattern matches the reply')
  return chose(
    [read.letter],
    expected,
    passageAround(output, read.start, read.end),
    ` (MMLU-Pro step ${read.step}: ${PROTOCOL_STEPS[read.step - 1]})`,
  )
}

/**
 * The option letter(s) a reply commits to ("ANSWER: B", "The answer is (C)", "B", "**B**", "A, C", "B) London", or
 * the option's own text), compared with the target letter(s) in any order. A reply committing to none, to conflicting
 * answers, or to several options when one is asked for, is unanswered (`extracted: null`) rather than guessed.
 * @example matchChoice('Paris is in France.\nANSWER: A', 'A').pass // true
 */
export function matchChoice(output: string, target: string | readonly string[], options: ChoiceOptions = {}): AnswerMatch {
  const expected = targetLetters(target, options.choices)
  const { match, chosen } = readChoice(output, expected, options)
  return options.partialCredit ? { ...match, credit: partialCredit(chosen, expected) } : match
}

/**
 * The partial credit of a multiple-answer choice: the share of the right options chosen when every option chosen is
 * right, and 0 when any chosen option is wrong or none is chosen. A question with one right option scores 1 or 0.
 */
export function partialCredit(chosen: readonly string[], expected: readonly string[]): number {
  if (chosen.length === 0 || chosen.some((letter) => !expected.includes(letter))) return 0
  return new Set(chosen).size / expected.length
}

function readChoice(output: string, expected: string[], options: ChoiceOptions): ChoiceReading {
  if (options.protocol === 'mmlu-pro') return readProtocol(output, expected)
  const allowed = LETTERS.slice(0, options.choices?.length ?? LETTERS.length)
  const found = readCommitments(output, allowed, options.choices)
  if (found === null) return noChoice('the reply commits to no option')
  const { last, distinct } = found
  const passage = passageAround(output, last.start, last.end)
  if (distinct.length > 1) return noChoice(`the reply commits to conflicting options (${distinct.join(' / ')})`, passage)
  if (last.letters.length > 1 && expected.length === 1)
    return noChoice(`the reply commits to several options (${last.letters.join(', ')}) where one is asked for`, passage)
  return chose(last.letters, expected, passage)
}
