import { describe, expect, it } from 'vitest'
import { matchAnswer } from '../../src/scoring/index.ts'

describe('matchAnswer, kind "exact" (the default)', () => {
  it('accepts the reply when it equals the target, ignoring case and surrounding or repeated white space', () => {
    expect(matchAnswer('  New   YORK\n', 'new york')).toEqual({
      pass: true,
      extracted: '  New   YORK\n',
      passage: '  New   YORK\n',
      explanation: 'the reply equals the target',
    })
  })

  it('rejects a reply that only contains the target', () => {
    expect(matchAnswer('It is Paris.', 'Paris')).toEqual({
      pass: false,
      extracted: 'It is Paris.',
      passage: 'It is Paris.',
      explanation: 'the reply is not the target',
    })
  })

  it('compares case when caseSensitive is set', () => {
    expect(matchAnswer('paris', 'Paris', { caseSensitive: true }).pass).toBe(false)
    expect(matchAnswer('Paris', 'Paris', { caseSensitive: true }).pass).toBe(true)
  })

  it('compares white space as is when whitespace is "exact"', () => {
    expect(matchAnswer(' New York', 'New York', { kind: 'exact', whitespace: 'exact' }).pass).toBe(false)
    expect(matchAnswer('New  York', 'New York', { kind: 'exact', whitespace: 'exact' }).pass).toBe(false)
    expect(matchAnswer('New York', 'new york', { kind: 'exact', whitespace: 'exact' }).pass).toBe(true)
  })

  it('accepts any one of several accepted targets', () => {
    expect(matchAnswer('NYC', ['New York', 'nyc']).pass).toBe(true)
    expect(matchAnswer('New York', ['New York', 'nyc']).pass).toBe(true)
    expect(matchAnswer('LA', ['New York', 'nyc']).pass).toBe(false)
  })

  it('compares a numeric target as its decimal text', () => {
    expect(matchAnswer('42', 42).pass).toBe(true)
    expect(matchAnswer('42.0', 42).pass).toBe(false)
  })
})

describe('matchAnswer, kind "exact" with a marker', () => {
  it('compares the rest of the line after the last marker, ignoring case in the marker', () => {
    expect(matchAnswer('The sum is 42.\nANSWER: 42', '42', { kind: 'exact', marker: 'ANSWER:' })).toEqual({
      pass: true,
      extracted: '42',
      passage: 'The sum is 42.\nANSWER: 42',
      explanation: 'the answer after "ANSWER:" equals the target',
    })
    expect(matchAnswer('Answer: Paris\nOn reflection...\nfinal answer: Lyon', 'Lyon', { kind: 'exact', marker: 'ANSWER:' })).toMatchObject({
      pass: true,
      extracted: 'Lyon',
    })
  })

  it('reads the next line when the marker ends its line, and drops bold markers around the answer', () => {
    expect(matchAnswer('**ANSWER:**\n\n  **New York**  \n', 'new york', { kind: 'exact', marker: 'ANSWER:' })).toMatchObject({
      pass: true,
      extracted: 'New York',
    })
  })

  it('compares the whole reply when no marker is followed by an answer', () => {
    expect(matchAnswer('Paris', 'Paris', { kind: 'exact', marker: 'ANSWER:' })).toMatchObject({
      pass: true,
      extracted: 'Paris',
      explanation: 'the reply equals the target',
    })
    expect(matchAnswer('It is Paris.\nANSWER:', 'Paris', { kind: 'exact', marker: 'ANSWER:' })).toMatchObject({
      pass: false,
      extracted: 'It is Paris.\nANSWER:',
    })
  })

  it('tries the markers in order, a RegExp among them', () => {
    const options = { kind: 'exact', marker: [/final:/i, 'ANSWER:'] } as const
    expect(matchAnswer('ANSWER: B\nFINAL: C', 'C', options)).toMatchObject({
      pass: true,
      extracted: 'C',
      explanation: 'the answer after /final:/i equals the target',
    })
    expect(matchAnswer('ANSWER: B', 'C', options)).toMatchObject({
      pass: false,
      extracted: 'B',
      explanation: 'the answer after "ANSWER:" is not the target',
    })
  })
})

describe('matchAnswer, kind "includes"', () => {
  it('accepts a reply containing the target anywhere, ignoring case', () => {
    const match = matchAnswer('The capital of France is PARIS, of course.', 'Paris', { kind: 'includes' })
    expect(match.pass).toBe(true)
    expect(match.extracted).toBe('Paris')
    expect(match.explanation).toBe('the reply contains the target')
  })

  it('shows the passage in the words of the reply, not a lower-cased copy of it', () => {
    const match = matchAnswer('The capital of France is Paris.', 'paris', { kind: 'includes' })
    expect(match.passage).toBe('The capital of France is Paris.')
  })

  it('accepts the first of several accepted targets that the reply contains', () => {
    const match = matchAnswer('They call it the Big Apple.', ['New York', 'big apple'], { kind: 'includes' })
    expect(match.pass).toBe(true)
    expect(match.extracted).toBe('big apple')
  })

  it('compares case when caseSensitive is set', () => {
    expect(matchAnswer('the capital is paris', 'Paris', { kind: 'includes', caseSensitive: true }).pass).toBe(false)
  })

  it('rejects a reply that does not contain the target, with nothing extracted', () => {
    expect(matchAnswer('The capital of France is Lyon.', 'Paris', { kind: 'includes' })).toEqual({
      pass: false,
      extracted: null,
      passage: null,
      explanation: 'the reply does not contain the target',
    })
  })
})

describe('matchAnswer, kind "regex"', () => {
  it('accepts a reply matching a RegExp target and extracts the whole match', () => {
    expect(matchAnswer('So the total is 42 apples.', /\d+ apples/)).toEqual({
      pass: true,
      extracted: '42 apples',
      passage: 'So the total is 42 apples.',
      explanation: 'the reply matches /\\d+ apples/',
    })
  })

  it('extracts the first group of a RegExp target', () => {
    expect(matchAnswer('So the total is 42 apples.', /(\d+) apples/).extracted).toBe('42')
  })

  it('rejects a reply that does not match a RegExp target', () => {
    expect(matchAnswer('No apples at all.', /\d+ apples/)).toEqual({
      pass: false,
      extracted: null,
      passage: null,
      explanation: 'the reply does not match /\\d+ apples/',
    })
  })

  it('scores every reply on its own when one global RegExp target is reused', () => {
    const target = /answer: (\w+)/gi
    expect(matchAnswer('Answer: Paris', target).extracted).toBe('Paris')
    expect(matchAnswer('Answer: Rome', target).extracted).toBe('Rome')
    expect(matchAnswer('Answer: Oslo', target).extracted).toBe('Oslo')
  })

  it("with a string target, extracts the answer with the pattern's first group and compares it", () => {
    const pattern = /capital is (\w+)/
    expect(matchAnswer('I believe the capital is Paris.', 'paris', { kind: 'regex', pattern })).toEqual({
      pass: true,
      extracted: 'Paris',
      passage: 'I believe the capital is Paris.',
      explanation: 'the extracted answer equals the target',
    })
    expect(matchAnswer('I believe the capital is Lyon.', 'Paris', { kind: 'regex', pattern })).toEqual({
      pass: false,
      extracted: 'Lyon',
      passage: 'I believe the capital is Lyon.',
      explanation: 'the extracted answer is not the target',
    })
  })

  it('with a string target, rejects a reply the pattern does not match', () => {
    expect(matchAnswer('No idea.', 'Paris', { kind: 'regex', pattern: /capital is (\w+)/ })).toMatchObject({
      pass: false,
      extracted: null,
      passage: null,
    })
  })

  it('refuses a string target without a pattern, saying what is needed', () => {
    expect(() => matchAnswer('Paris', 'Paris', { kind: 'regex' })).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: toMatchAnswer kind "regex" needs a RegExp target, or a \`pattern\` option to extract the answer with.]`,
    )
  })
})

describe('matchAnswer, kind "number"', () => {
  // the replies without an answer marker come first: see "does not depend on the reply scored before"
  it('reads the last number of a reply that has no answer marker', () => {
    expect(matchAnswer('3 boxes of 4 apples make 12 apples', '12', { kind: 'number' })).toEqual({
      pass: true,
      extracted: '12',
      passage: '3 boxes of 4 apples make 12 apples',
      explanation: 'the last number equals the target',
    })
  })

  it('reads a currency amount as its number', () => {
    const match = matchAnswer('She pays $18.00 in total.', '18', { kind: 'number' })
    expect(match).toMatchObject({ pass: true, extracted: '18' })
    expect(match.passage).toContain('$18.00')
  })

  it('reads a trailing ".0" as the same number', () => {
    expect(matchAnswer('so x = 12.0', '12', { kind: 'number' })).toMatchObject({ pass: true, extracted: '12' })
  })

  it('reads negative numbers', () => {
    expect(matchAnswer('The temperature fell to -4 degrees.', '-4', { kind: 'number' })).toMatchObject({ pass: true, extracted: '-4' })
    expect(matchAnswer('The temperature fell to -4 degrees.', '4', { kind: 'number' })).toMatchObject({ pass: false, extracted: '-4' })
  })

  it('gives no extracted number for a reply without one', () => {
    expect(matchAnswer('I cannot tell.', '12', { kind: 'number' })).toEqual({
      pass: false,
      extracted: null,
      passage: null,
      explanation: 'the reply gives no number',
    })
  })

  it('reads the number after "####", thousands separators included', () => {
    expect(matchAnswer('3 times 411 plus 1 is 1234\n#### 1,234', '1234', { kind: 'number' })).toEqual({
      pass: true,
      extracted: '1234',
      passage: '…times 411 plus 1 is 1234\n#### 1,234',
      explanation: 'the number after "####" equals the target',
    })
  })

  it('reads a fraction after "The answer is" as its value', () => {
    expect(matchAnswer('The answer is 7/2', '3.5', { kind: 'number' })).toMatchObject({
      pass: true,
      extracted: '3.5',
      passage: 'The answer is 7/2',
    })
  })

  it('prefers the number after the answer marker to later numbers', () => {
    const match = matchAnswer('The answer is 12. Check: 3 x 4 = 12, not 13.', '12', { kind: 'number' })
    expect(match).toMatchObject({ pass: true, extracted: '12' })
    expect(match.passage).toContain('The answer is 12')
  })

  it('reports a wrong number with both values', () => {
    expect(matchAnswer('Answer: 11', '12', { kind: 'number' })).toEqual({
      pass: false,
      extracted: '11',
      passage: 'Answer: 11',
      explanation: '11 (the number after "answer:") is not 12',
    })
  })

  it('compares within a relative tolerance, 1e-6 by default', () => {
    expect(matchAnswer(`Answer: ${0.1 + 0.2}`, '0.3', { kind: 'number' }).pass).toBe(true)
    expect(matchAnswer('Answer: 3.14', '3.14159', { kind: 'number' }).pass).toBe(false)
    expect(matchAnswer('Answer: 3.14', '3.14159', { kind: 'number', tolerance: 0.001 }).pass).toBe(true)
    expect(matchAnswer('Answer: 3.1', '3.14159', { kind: 'number', tolerance: 0.001 }).pass).toBe(false)
  })

  it('falls back to the last number when no number follows the answer marker closely', () => {
    expect(matchAnswer('The answer is unclear, but my estimate is 42', '42', { kind: 'number' })).toMatchObject({
      pass: true,
      extracted: '42',
    })
  })

  it('does not depend on the reply scored before', () => {
    expect(matchAnswer('#### 1,234', '1234', { kind: 'number' }).extracted).toBe('1234')
    expect(matchAnswer('I have 5 apples', '5', { kind: 'number' })).toMatchObject({ pass: true, extracted: '5' })
    expect(matchAnswer('The answer is 7/2', '3.5', { kind: 'number' }).extracted).toBe('3.5')
    expect(matchAnswer('She pays $18.00 in total.', '18', { kind: 'number' })).toMatchObject({ pass: true, extracted: '18' })
  })
})

describe('matchAnswer, kind "choice"', () => {
  const choice = { kind: 'choice' } as const
  const four = { kind: 'choice', choices: ['Paris', 'London', 'Berlin', 'Rome'] } as const

  it('reads an "ANSWER: X" line', () => {
    expect(matchAnswer('Let me think. London is in England.\nANSWER: B', 'B', choice)).toEqual({
      pass: true,
      extracted: 'B',
      passage: '… think. London is in England.\nANSWER: B',
      explanation: 'the chosen option is the target',
    })
  })

  it('reads "The answer is (X)."', () => {
    expect(matchAnswer('The answer is (C).', 'C', choice)).toMatchObject({ pass: true, extracted: 'C', passage: 'The answer is (C).' })
  })

  it('reads a bold letter, a bare letter, and a lower-case letter in parentheses as the whole reply', () => {
    expect(matchAnswer('**B**', 'B', choice)).toMatchObject({ pass: true, extracted: 'B', passage: '**B**' })
    expect(matchAnswer('B', 'B', choice)).toMatchObject({ pass: true, extracted: 'B', passage: 'B' })
    expect(matchAnswer('(b)', 'B', choice)).toMatchObject({ pass: true, extracted: 'B', passage: '(b)' })
  })

  it('reports the chosen and the right letter when the choice is wrong', () => {
    expect(matchAnswer('ANSWER: A', 'B', choice)).toEqual({
      pass: false,
      extracted: 'A',
      passage: 'ANSWER: A',
      explanation: 'chose A, the answer is B',
    })
  })

  it('accepts several letters in any order against several targets', () => {
    expect(matchAnswer('ANSWER: C and A', ['C', 'A'], choice)).toMatchObject({ pass: true, extracted: 'A, C' })
    expect(matchAnswer('ANSWER: A', ['C', 'A'], choice)).toMatchObject({ pass: false, extracted: 'A' })
  })

  it('reads a reply that is only a list of letters, "A, C"', () => {
    expect(matchAnswer('A, C', ['C', 'A'], choice)).toEqual({
      pass: true,
      extracted: 'A, C',
      passage: 'A, C',
      explanation: 'the chosen option is the target',
    })
  })

  it("reads a reply that is the text of an option as that option's letter", () => {
    expect(matchAnswer('London.', 'B', four)).toMatchObject({ pass: true, extracted: 'B', passage: 'London.' })
    expect(matchAnswer('london', 'B', four)).toMatchObject({ pass: true, extracted: 'B' })
  })

  it("accepts a target written as the option's text", () => {
    expect(matchAnswer('ANSWER: B', 'London', four)).toMatchObject({ pass: true, extracted: 'B' })
  })

  it('rejects letters beyond the number of options as no answer', () => {
    expect(matchAnswer('ANSWER: E', 'B', four)).toEqual({
      pass: false,
      extracted: null,
      passage: null,
      explanation: 'the reply commits to no option',
    })
    expect(matchAnswer('E', 'B', four)).toMatchObject({ pass: false, extracted: null })
  })

  it('counts conflicting answers as unanswered rather than guessing one', () => {
    const match = matchAnswer('The answer is A. On reflection, though, Answer: B', 'B', choice)
    expect(match.pass).toBe(false)
    expect(match.extracted).toBe(null)
    expect(match.explanation).toMatch(/^the reply commits to conflicting options \((A \/ B|B \/ A)\)$/)
  })

  it('does not read the article "a" after "the answer is" as option A', () => {
    expect(matchAnswer('The answer is a matter of geography.\nANSWER: C', 'C', choice)).toMatchObject({
      pass: true,
      extracted: 'C',
    })
  })

  it('gives no extracted letter for a reply that commits to no option', () => {
    expect(matchAnswer('I am not sure which of these is right.', 'B', choice)).toEqual({
      pass: false,
      extracted: null,
      passage: null,
      explanation: 'the reply commits to no option',
    })
  })
})
