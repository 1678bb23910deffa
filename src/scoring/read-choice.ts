import { isLongerNormalized, normalizeText } from './normalize-text.ts'

/** Option letters a reply commits to in one place, and where. */
export interface Commitment {
  letters: string[]
  start: number
  end: number
}

/** Where a reply commits to options: its last commitment, and each distinct list of letters, in order of appearance. */
export interface Commitments {
  last: Commitment
  distinct: string[]
}

/** The option letters, in order. */
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

// One letter, perhaps bracketed or bold ("(B)", "**B**", "**(B)**", "$\boxed{B}$" is read separately), and a list
// of them ("A, C", "(A) and (C)"). A list is read to at most as many letters as there are, and one that goes on
// commits to none: reading on would cost time in proportion to a reply that repeats a letter after "Answer:".
const LETTER = String.raw`(?:\*\*|__)?[(\[]?(?:\*\*)?[A-Za-z](?:\*\*)?[)\]]?(?:\*\*|__)?`
const SEPARATOR = String.raw`\s*(?:,|&|\band\b)\s*`
const LETTER_LIST = String.raw`${LETTER}(?:${SEPARATOR}${LETTER}){0,${LETTERS.length - 1}}`
const END = String.raw`(?![A-Za-z0-9'’-])`
const SPLIT = new RegExp(SEPARATOR, 'i')
const MORE = new RegExp(`${SEPARATOR}${LETTER}`, 'iy')

// Forms that say which option is the answer. After "answer is", a bare lower-case letter is usually an article
// ("the answer is a matter of ..."), so it counts only when bracketed or bold; after "Answer:" it counts.
const MARKED: Array<{ pattern: RegExp; lowercase: 'always' | 'marked' }> = [
  { pattern: new RegExp(String.raw`answer\s*(?:is\s*)?:\s*(${LETTER_LIST})${END}`, 'gi'), lowercase: 'always' },
  {
    pattern: new RegExp(
      String.raw`(?:answer|correct (?:option|choice)|best (?:option|choice))\s+(?:is|would be|should be|will be|must be)\s+(?:option\s+|choice\s+)?(${LETTER_LIST})${END}`,
      'gi',
    ),
    lowercase: 'marked',
  },
  { pattern: /\\boxed\{\s*(?:\\text(?:bf)?\{)?\s*\(?([A-Za-z])\)?\s*\}?\s*\}/g, lowercase: 'always' },
]

// "Answer: I think it is (B)": the pronoun, not option I
const PRONOUN = /^\s+(?:think|believe|would|will|am|guess|feel)\b/

// A reply that is nothing but its choice: "B", "(b)", "**B**", "B.", "A, C", "B) London", "(B) London".
const WHOLE = new RegExp(String.raw`^\s*(${LETTER_LIST})[.):]?\s*$`)
const LEADING = /^\s*(?:\*\*)?(?:\(([A-Z])\)|([A-Z])[).:])(?:\*\*)?\s+(\S[^\n]*)$/
// A bold letter standing alone in running text: "I choose **B**."
const BOLD = /\*\*\(?([A-Z])\)?(?:[.):]\s*[^*\n]{0,80})?\*\*/g

// A letter committed to in prose: "so it must be C", "I'd go with B", "I choose (D)", "option C is correct". One
// capital letter (bracketed or bold allowed), not one of several ("must be A or C" hedges), not "is not correct".
const PROSE_LETTER = String.raw`(?:\*\*)?\(?([A-Z])\)?(?:\*\*)?(?![A-Za-z0-9'’-])(?!(?:\s+or|\s*\/|,\s*or)\s*\(?[A-Z]\b)`
const PROSE: RegExp[] = [
  new RegExp(
    String.raw`(?:\b(?:it|this|that|which|so|thus|hence|therefore)\s+(?:must|has to|can only)\s+be|\bI(?:'d|’d|\s+would|'ll|’ll|\s+will)?\s+(?:go with|choose|pick|select|opt for))\s+(?:option\s+|choice\s+)?${PROSE_LETTER}`,
    'gi',
  ),
  new RegExp(
    String.raw`(?<![\w'’])(?:option\s+|choice\s+)?\(?([A-Z])\)?\s+is\s+(?:the\s+)?(?:correct|right|best)(?:\s+(?:answer|option|choice))?(?![\w'’-])`,
    'g',
  ),
]

/** The upper-case letters of a list such as "(a) and **C**", or null when one is outside the allowed letters. */
function lettersIn(group: string, allowed: string): string[] | null {
  const letters = group
    .replace(/[()[\]*_]/g, '')
    .split(SPLIT)
    .map((s) => s.trim().toUpperCase())
  return letters.every((l) => l.length === 1 && allowed.includes(l)) ? [...new Set(letters)].sort() : null
}

function isMarked(text: string): boolean {
  return /[([*_]/.test(text)
}

/** Whether a list read to the most letters there are (so at least a letter and a comma each) goes on after `end`. */
function goesOn(output: string, group: string, end: number): boolean {
  if (group.length < 2 * LETTERS.length - 1) return false
  MORE.lastIndex = end
  return MORE.test(output) && group.split(SPLIT).length === LETTERS.length
}

/**
 * The answer markers' commitments: the last, and each distinct list in order of first appearance. Neither the
 * commitments nor the readings of their lists are kept one by one, as a reply may repeat one a hundred thousand times.
 */
function markedCommitments(output: string, allowed: string): Commitments | null {
  let last: Commitment | null = null
  // made at the first match: most replies have one or none
  let firstSeen: Map<string, number> | undefined
  let read: Map<string, { letters: string[]; key: string } | null> | undefined
  for (const { pattern, lowercase } of MARKED) {
    for (const match of output.matchAll(pattern)) {
      const group = match[1] ?? ''
      if (lowercase === 'marked' && /[a-z]/.test(group.replace(/\band\b/gi, '')) && !isMarked(group)) continue
      const end = match.index + match[0].length
      if (group === 'I' && PRONOUN.test(output.slice(end, end + 12))) continue
      if (goesOn(output, group, end)) continue
      read ??= new Map()
      if (!read.has(group)) {
        const letters = lettersIn(group, allowed)
        read.set(group, letters && { letters, key: letters.join(', ') })
      }
      const list = read.get(group)
      if (!list) continue
      firstSeen ??= new Map()
      const seen = firstSeen.get(list.key)
      if (seen === undefined || match.index < seen) firstSeen.set(list.key, match.index)
      if (last === null || match.index >= last.start) last = { letters: list.letters, start: match.index, end }
    }
  }
  return last && { last, distinct: [...(firstSeen ?? [])].sort((a, b) => a[1] - b[1]).map(([key]) => key) }
}

function optionIndex(text: string, choices: readonly string[]): number {
  const names = choices.map((choice) => normalizeText(choice))
  // one character more: a final "." or "!" is dropped
  if (isLongerNormalized(text, names.reduce((most, name) => Math.max(most, name.length), 0) + 1)) return -1
  const said = normalizeText(text).replace(/[.!]$/, '')
  return names.indexOf(said)
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

function boldCommitments(output: string, allowed: string): Commitments | null {
  let last: RegExpExecArray | null = null
  const distinct: string[] = []
  for (const match of output.matchAll(BOLD)) {
    const letter = match[1] as string
    if (!allowed.includes(letter)) continue
    last = match
    if (!distinct.includes(letter)) distinct.push(letter)
  }
  return last && { last: { letters: [last[1] as string], start: last.index, end: last.index + last[0].length }, distinct }
}

/**
 * Letters a reply commits to in prose, when it commits in no stronger form: the last, and each distinct one. The
 * letters it rules out ("A and D are too small") are not commitments, and "I" alone reads as the pronoun.
 */
function proseCommitments(output: string, allowed: string): Commitments | null {
  let last: Commitment | null = null
  const distinct: string[] = []
  for (const pattern of PROSE) {
    for (const match of output.matchAll(pattern)) {
      const letter = match[1] as string
      if (!allowed.includes(letter) || letter !== letter.toUpperCase() || (letter === 'I' && !/[(*]/.test(match[0]))) continue
      const end = match.index + match[0].length
      if (last === null || match.index >= last.start) last = { letters: [letter], start: match.index, end }
      if (!distinct.includes(letter)) distinct.push(letter)
    }
  }
  return last && { last, distinct }
}

/**
 * Where a reply commits to options, strongest form first: answer markers ("ANSWER: B", "The answer is (C)",
 * "$\boxed{B}$"); else the reply as a whole ("B", "(b)", "A, C", "B) London", an option's own text); else bold letters;
 * else letters committed to in prose ("so it must be C", "I'd go with B"). Null when it commits to none.
 */
export function readCommitments(output: string, allowed: string, choices: readonly string[] | undefined): Commitments | null {
  const marked = markedCommitments(output, allowed)
  if (marked) return marked
  const whole = wholeReply(output, allowed, choices)
  if (whole) return { last: whole, distinct: [whole.letters.join(', ')] }
  return boldCommitments(output, allowed) ?? proseCommitments(output, allowed)
}
