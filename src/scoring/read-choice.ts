import { normalizeText } from './normalize-text.ts'

/** Option letters a reply commits to in one place, and where. */
export interface Commitment {
  letters: string[]
  start: number
  end: number
}

/** The option letters, in order. */
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

// One letter, perhaps bracketed or bold ("(B)", "**B**", "**(B)**", "$\boxed{B}$" is read separately), and a list
// of them ("A, C", "(A) and (C)").
const LETTER = String.raw`(?:\*\*|__)?[(\[]?(?:\*\*)?[A-Za-z](?:\*\*)?[)\]]?(?:\*\*|__)?`
const LETTER_LIST = String.raw`${LETTER}(?:\s*(?:,|&|\band\b)\s*${LETTER})*`
const END = String.raw`(?![A-Za-z0-9'’-])`

// Forms that say which option is the answer. After "answer is", a bare lower-case letter is usually an article
// ("the answer is a matter of ..."), so it counts only when bracketed or bold; after "Answer:" it counts.
const MARKED: Array<{ pattern: RegExp; lowercase: 'always' | 'marked' }> = [
  { pattern: new RegExp(String.raw`answer\s*(?:is\s*)?:\s*(${LETTER_LIST})${END}`, 'gi'), lowercase: 'always' },
  { pattern: new RegExp(String.raw`(?:answer|correct (?:option|choice)|best (?:option|choice))\s+(?:is|would be|should be|will be|must be)\s+(?:option\s+|choice\s+)?(${LETTER_LIST})${END}`, 'gi'), lowercase: 'marked' },
  { pattern: /\\boxed\{\s*(?:\\text(?:bf)?\{)?\s*\(?([A-Za-z])\)?\s*\}?\s*\}/g, lowercase: 'always' },
]

// "Answer: I think it is (B)": the pronoun, not option I
const PRONOUN = /^\s+(?:think|believe|would|will|am|guess|feel)\b/

// A reply that is nothing but its choice: "B", "(b)", "**B**", "B.", "A, C", "B) London", "(B) London".
const WHOLE = new RegExp(String.raw`^\s*(${LETTER_LIST})[.):]?\s*$`)
const LEADING = /^\s*(?:\*\*)?(?:\(([A-Z])\)|([A-Z])[).:])(?:\*\*)?\s+(\S[^\n]*)$/
// A bold letter standing alone in running text: "I choose **B**."
const BOLD = /\*\*\(?([A-Z])\)?(?:[.):]\s*[^*\n]{0,80})?\*\*/g

/** The upper-case letters of a list such as "(a) and **C**", or null when one is outside the allowed letters. */
function lettersIn(group: string, allowed: string): string[] | null {
  const letters = group
    .replace(/[()[\]*_]/g, '')
    .split(/\s*(?:,|&|\band\b)\s*/i)
    .map((s) => s.trim().toUpperCase())
  return letters.every((l) => l.length === 1 && allowed.includes(l)) ? [...new Set(letters)].sort() : null
}

function isMarked(text: string): boolean {
  return /[(\[*_]/.test(text)
}

function markedCommitments(output: string, allowed: string): Commitment[] {
  const found: Commitment[] = []
  for (const { pattern, lowercase } of MARKED) {
    for (const match of output.matchAll(pattern)) {
      const group = match[1] ?? ''
      if (lowercase === 'marked' && /[a-z]/.test(group.replace(/\band\b/gi, '')) && !isMarked(group)) continue
      if (group === 'I' && PRONOUN.test(output.slice(match.index + match[0].length, match.index + match[0].length + 12))) continue
      const letters = lettersIn(group, allowed)
      if (letters) found.push({ letters, start: match.index, end: match.index + match[0].length })
    }
  }
  return found.sort((a, b) => a.start - b.start)
}

function optionIndex(text: string, choices: readonly string[]): number {
  const said = normalizeText(text).replace(/[.!]$/, '')
  return choices.findIndex((choice) => normalizeText(choice) === said)
}

function wholeReply(output: string, allowed: string, choices: readonly string[] | undefined): Commitment | null {
  const whole = WHOLE.exec(output)
  const letters = whole ? lettersIn(whole[1] ?? '', allowed) : null
  if (letters) return { letters, start: 0, end: output.length }
  const leading = LEADING.exec(output)
  const letter = leading?.[1] ?? leading?.[2]
  if (letter && allowed.includes(letter)) {
    const named = choices ? optionIndex(leading?.[3] ?? '', choices) : -1
    if (named < 0 || LETTERS[named] === letter) return { letters: [letter], start: 0, end: output.length }
  }
  if (choices) {
    const index = optionIndex(output, choices)
    if (index >= 0) return { letters: [LETTERS[index] as string], start: 0, end: output.length }
  }
  return null
}

function boldCommitments(output: string, allowed: string): Commitment[] {
  const found: Commitment[] = []
  for (const match of output.matchAll(BOLD)) {
    const letter = match[1] as string
    if (allowed.includes(letter)) found.push({ letters: [letter], start: match.index, end: match.index + match[0].length })
  }
  return found
}

/**
 * Every place a reply commits to options, strongest form first: answer markers ("ANSWER: B", "The answer is (C)",
 * "$\boxed{B}$"); else the reply as a whole ("B", "(b)", "A, C", "B) London", an option's own text); else bold letters.
 */
export function readCommitments(output: string, allowed: string, choices: readonly string[] | undefined): Commitment[] {
  const marked = markedCommitments(output, allowed)
  if (marked.length > 0) return marked
  const whole = wholeReply(output, allowed, choices)
  if (whole) return [whole]
  return boldCommitments(output, allowed)
}
