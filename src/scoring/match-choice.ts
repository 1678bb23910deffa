import { passageAround, type AnswerMatch } from './answer-match.ts'
import { normalizeText } from './normalize-text.ts'

/** Options of the `choice` kind. */
export interface ChoiceOptions {
  /** The option texts, so the letters beyond them are rejected and a reply quoting an option's text counts. */
  choices?: readonly string[]
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

interface Commitment {
  letters: string[]
  start: number
  end: number
}

// Forms in which a reply commits to options; the letters are validated against the option count afterwards.
// After "answer is", a bare lower-case letter is usually an article ("the answer is a matter of ..."), so it only
// counts when bracketed or bold.
const COMMITMENTS: Array<{ pattern: RegExp; bareLowercase: boolean }> = [
  { pattern: /answer\s*:\s*\(?([A-Z](?:\s*(?:,|and)\s*[A-Z])*)\)?(?![A-Za-z])/gi, bareLowercase: true },
  { pattern: /answer is:?\s*\(?\**\s*([A-Z](?:\s*(?:,|and)\s*[A-Z])*)\**\)?(?![A-Za-z])/gi, bareLowercase: false },
]
const WHOLE_REPLY = /^\s*(?:\*\*)?\(?([A-Za-z](?:\s*(?:,|and)\s*[A-Za-z])*)\)?(?:\*\*)?[.):]?\s*$/

function lettersIn(group: string, allowed: string): string[] | null {
  const letters = group.toUpperCase().split(/\s*(?:,|AND)\s*/).map((s) => s.trim())
  return letters.every((l) => l.length === 1 && allowed.includes(l)) ? [...new Set(letters)].sort() : null
}

function commitments(output: string, allowed: string, choices: readonly string[] | undefined): Commitment[] {
  const found: Commitment[] = []
  for (const { pattern, bareLowercase } of COMMITMENTS) {
    for (const match of output.matchAll(pattern)) {
      const group = match[1] ?? ''
      if (!bareLowercase && group !== group.toUpperCase() && !/[(*]/.test(match[0])) continue
      const letters = lettersIn(group, allowed)
      if (letters) found.push({ letters, start: match.index, end: match.index + match[0].length })
    }
  }
  if (found.length > 0) return found
  const whole = WHOLE_REPLY.exec(output)
  const wholeLetters = whole ? lettersIn(whole[1] ?? '', allowed) : null
  if (wholeLetters) return [{ letters: wholeLetters, start: 0, end: output.length }]
  if (choices) {
    const reply = normalizeText(output).replace(/[.!]$/, '')
    const index = choices.findIndex((choice) => normalizeText(choice) === reply)
    if (index >= 0) return [{ letters: [LETTERS[index] ?? ''], start: 0, end: output.length }]
  }
  return []
}

function targetLetters(target: string | readonly string[], choices: readonly string[] | undefined): string[] {
  const list = typeof target === 'string' ? [target] : [...target]
  return list
    .map((t) => {
      const index = choices?.findIndex((choice) => normalizeText(choice) === normalizeText(t)) ?? -1
      return index >= 0 && t.trim().length > 1 ? (LETTERS[index] ?? t) : t.trim().toUpperCase()
    })
    .sort()
}

/**
 * The option letter(s) a reply commits to ("ANSWER: B", "The answer is (C)", "B", "**B**", "A, C", or the option's
 * own text). A reply committing to none, or to conflicting answers, is unanswered rather than guessed.
 */
export function matchChoice(output: string, target: string | readonly string[], options: ChoiceOptions = {}): AnswerMatch {
  const allowed = LETTERS.slice(0, options.choices?.length ?? LETTERS.length)
  const found = commitments(output, allowed, options.choices)
  const distinct = new Set(found.map((c) => c.letters.join(',')))
  if (found.length === 0) return { pass: false, extracted: null, passage: null, explanation: 'the reply commits to no option' }
  const last = found.at(-1) as Commitment
  const passage = passageAround(output, last.start, last.end)
  if (distinct.size > 1) {
    return { pass: false, extracted: null, passage, explanation: `the reply commits to conflicting options (${[...distinct].join(' / ')})` }
  }
  const extracted = last.letters.join(', ')
  const expected = targetLetters(target, options.choices).join(', ')
  const pass = extracted === expected
  return { pass, extracted, passage, explanation: pass ? 'the chosen option is the target' : `chose ${extracted}, the answer is ${expected}` }
}
