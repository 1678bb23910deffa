import { describe, expect, it } from 'vitest'
import { matchAnswer, matchChoice, matchMath, matchNumber } from '../../src/scoring/index.ts'

// Replies of the shapes that once made a reader backtrack over the whole reply. Each reads in milliseconds; the time
// limit is there so that a return to quadratic time (seconds to minutes at this size) fails instead of hanging.
// How long each reader takes on a megabyte of each shape is measured by `npm run bench:readers`.
const N = 100_000
const LIMIT = 5000

describe('matchNumber on long hostile replies', () => {
  it(
    'reads a run of digits as one number, too large to be finite',
    () => {
      expect(matchNumber('7'.repeat(N), 7)).toMatchObject({ pass: false, extracted: 'Infinity' })
      expect(matchNumber(`The answer is ${'7'.repeat(N)}`, 7)).toMatchObject({
        extracted: 'Infinity',
        explanation: 'Infinity (the number after "answer is") is not 7',
      })
    },
    LIMIT,
  )

  it(
    'reads thousands groups as one number however many there are',
    () => {
      expect(matchNumber(`1${',000'.repeat(100)}`, 1e300)).toMatchObject({ pass: true, extracted: '1e+300' })
      expect(matchNumber(`1${',000'.repeat(N / 4)}`, 1).extracted).toBe('Infinity')
    },
    LIMIT,
  )

  it(
    'reads a fraction with a long denominator, and a long \\frac',
    () => {
      expect(matchNumber(`1/${'7'.repeat(N)}`, 0).extracted).toBe('0')
      expect(matchNumber(`\\frac{${'7'.repeat(N)}}{2}`, 1).extracted).toBe('Infinity')
    },
    LIMIT,
  )

  it(
    'reads the number after a marker across a long run of spacing or decoration',
    () => {
      expect(matchNumber(`answer:${' '.repeat(N)}5`, 5)).toMatchObject({
        pass: true,
        explanation: 'the number after "answer:" equals the target',
      })
      expect(matchNumber(`answer: ${'**'.repeat(N / 2)}5`, 5).pass).toBe(true)
    },
    LIMIT,
  )

  it(
    'finds no number in a reply of markers alone',
    () => {
      expect(matchNumber('Answer: '.repeat(N / 8), 5)).toMatchObject({ extracted: null, explanation: 'the reply gives no number' })
    },
    LIMIT,
  )
})

describe('matchMath on long hostile replies', () => {
  it(
    'takes a long run of digits as the answer, compared as text',
    () => {
      const match = matchMath('7'.repeat(N), '7')
      expect(match.extracted).toHaveLength(N)
      expect(match.explanation).toBe(
        'the answer is not the target, compared as text: answers over 1000 characters are not read as mathematics',
      )
    },
    LIMIT,
  )

  it(
    'reads no box that never closes, and still reads a closed one after many that do not',
    () => {
      expect(matchMath(`\\boxed${'{'.repeat(N)}`, '1').explanation).toBe('the reply states no final answer')
      expect(matchMath('\\boxed{'.repeat(N / 7), '1').explanation).toBe('the reply states no final answer')
      expect(matchMath(`${'\\boxed{'.repeat(N / 7)}\\boxed{2}`, '2')).toMatchObject({ pass: true, extracted: '2' })
    },
    LIMIT,
  )

  it(
    'takes what deeply nested braces in a box hold',
    () => {
      expect(matchMath(`\\boxed{${'{'.repeat(N / 2)}1${'}'.repeat(N / 2)}}`, '1').extracted).toBe(
        `${'{'.repeat(N / 2)}1${'}'.repeat(N / 2)}`,
      )
    },
    LIMIT,
  )

  it(
    'joins at most 100 boxes that only connectors separate',
    () => {
      expect(matchMath('\\boxed{1} and \\boxed{2} and \\boxed{3}', '1, 2, 3')).toMatchObject({ pass: true, extracted: '1, 2, 3' })
      expect(matchMath('\\boxed{1} and '.repeat(N / 14), '1').extracted).toBe(Array.from({ length: 100 }, () => '1').join(', '))
    },
    LIMIT,
  )

  it(
    'reads a math span after thousands of unclosed ones',
    () => {
      expect(matchMath(`${'\\( x '.repeat(N / 5)} so $2$`, '2')).toMatchObject({ pass: true, extracted: '2' })
      expect(matchMath(`$${'\\$'.repeat(N / 2)}`, '1').explanation).toBe('the reply states no final answer')
    },
    LIMIT,
  )

  it(
    'reads the prose after a marker past thousands of unclosed command groups or math spans',
    () => {
      expect(matchMath(`The answer is ${'\\a{'.repeat(N / 3)} so the result is 4`, '4')).toMatchObject({ pass: true, extracted: '4' })
      expect(matchMath(`The answer is x ${'$x$ '.repeat(N / 4)}namely 4`, '4')).toMatchObject({ pass: true, extracted: '4' })
    },
    LIMIT,
  )

  it(
    'counts reading the answer against timeoutMs, on a long reply',
    () => {
      expect(matchMath('\\( x '.repeat(200_000), '1', { timeoutMs: 0 })).toEqual({
        pass: false,
        extracted: null,
        passage: null,
        explanation: 'could not decide within 0 ms which final answer the reply states',
      })
    },
    LIMIT,
  )
})

describe('matchChoice on long hostile replies', () => {
  it(
    'reads a list of as many letters as there are, and a longer list as no commitment',
    () => {
      expect(matchChoice(`Answer: ${'A, '.repeat(25)}B`, 'A').explanation).toBe(
        'the reply commits to several options (A, B) where one is asked for',
      )
      expect(matchChoice(`Answer: ${'A, '.repeat(26)}B`, 'A')).toMatchObject({
        extracted: null,
        explanation: 'the reply commits to no option',
      })
      expect(matchChoice(`Answer: ${'A, '.repeat(N / 3)}B`, 'A').extracted).toBeNull()
    },
    LIMIT,
  )

  it(
    'reads one letter repeated as that letter',
    () => {
      expect(matchChoice('Answer: A\n'.repeat(N / 10), 'A')).toMatchObject({ pass: true, extracted: 'A' })
      expect(matchChoice('**A'.repeat(N / 3), 'A')).toMatchObject({ pass: true, extracted: 'A' })
      expect(matchChoice(`${'**A** '.repeat(N / 6)}**B**`, 'A').explanation).toBe('the reply commits to conflicting options (A / B)')
    },
    LIMIT,
  )

  it(
    "reads an option's text padded with long spacing, and not a long reply as one",
    () => {
      const options = { choices: ['Paris', 'London', 'Berlin', 'Rome'] }
      expect(matchChoice(`${' '.repeat(N)}London${'\n'.repeat(N)}`, 'B', options)).toMatchObject({ pass: true, extracted: 'B' })
      expect(matchChoice('London '.repeat(N / 7), 'B', options).extracted).toBeNull()
    },
    LIMIT,
  )

  it(
    'finds no MMLU-Pro pattern in a long run of digits',
    () => {
      expect(matchChoice('7'.repeat(N), 'A', { protocol: 'mmlu-pro' }).explanation).toBe('no MMLU-Pro pattern matches the reply')
    },
    LIMIT,
  )
})

describe('text kinds on long hostile replies', () => {
  it(
    'exact: compares a long reply with a short target, and strips long spacing',
    () => {
      expect(matchAnswer('Paris '.repeat(N / 6), 'Paris').pass).toBe(false)
      expect(matchAnswer(`${' '.repeat(N)}Paris${'\n'.repeat(N)}`, 'paris').pass).toBe(true)
    },
    LIMIT,
  )

  it(
    'exact with a marker: reads the line after it across long spacing',
    () => {
      const reply = `ANSWER: a${' '.repeat(N)}b${' '.repeat(N)}`
      expect(matchAnswer(reply, 'a b', { kind: 'exact', marker: 'ANSWER:' })).toMatchObject({ pass: true, extracted: `a${' '.repeat(N)}b` })
      expect(matchAnswer(reply, 'a', { kind: 'exact' }).pass).toBe(false)
    },
    LIMIT,
  )

  it(
    'includes: matches words across long spacing',
    () => {
      expect(matchAnswer(`the${' '.repeat(N)}answer`, 'The answer', { kind: 'includes' }).pass).toBe(true)
    },
    LIMIT,
  )

  it(
    'regex: compares a long extracted answer with a short target',
    () => {
      expect(matchAnswer(`answer: ${'x'.repeat(N)}`, 'x', { kind: 'regex', pattern: /answer:\s*(\S+)/ })).toMatchObject({
        pass: false,
        explanation: 'the extracted answer is not the target',
      })
    },
    LIMIT,
  )
})
