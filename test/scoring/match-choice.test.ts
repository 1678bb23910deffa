import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { matchChoice } from '../../src/scoring/index.ts'

const TEN = { choices: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] }

describe('matchChoice, the common forms', () => {
  it.each([
    ['ANSWER: C', 'C'],
    ['Answer:C', 'C'],
    ['The answer is (C).', 'C'],
    ['So the correct answer is **C**.', 'C'],
    ['The answer is: **(C)**', 'C'],
    ['The best option is C because it balances both.', 'C'],
    ['The final answer is $\\boxed{C}$.', 'C'],
    ['C', 'C'],
    ['**C**', 'C'],
    ['(C)', 'C'],
    ['C)', 'C'],
    ['C.', 'C'],
    ['C) Berlin', 'C'],
    ['(C) Berlin', 'C'],
    ['I would go with **C**.', 'C'],
  ])('reads %j as option %s', (reply, letter) => {
    expect(matchChoice(reply, letter, { choices: ['Paris', 'London', 'Berlin', 'Rome'] })).toMatchObject({ pass: true, extracted: letter })
  })

  it('reads a lower-case letter after "Answer:" or in brackets, but not the article after "the answer is"', () => {
    expect(matchChoice('Answer: c', 'C').extracted).toBe('C')
    expect(matchChoice('The answer is (c).', 'C').extracted).toBe('C')
    expect(matchChoice('The answer is a matter of taste, so I cannot say.', 'A')).toMatchObject({ pass: false, extracted: null })
  })

  it('does not read the pronoun "I" as option I', () => {
    expect(matchChoice('Answer: I think the answer is (B)', 'B', TEN)).toMatchObject({ pass: true, extracted: 'B' })
  })

  it('reads the option\'s own text after "the answer is" only as a whole reply', () => {
    const options = { choices: ['Paris', 'London', 'Berlin', 'Rome'] }
    expect(matchChoice('Berlin', 'C', options)).toMatchObject({ pass: true, extracted: 'C' })
    expect(matchChoice('C) Rome', 'C', options)).toMatchObject({ pass: false, extracted: null })
  })

  it('supports up to 26 options and rejects letters past the last one', () => {
    const many = { choices: Array.from({ length: 26 }, (_, i) => `option ${i}`) }
    expect(matchChoice('ANSWER: Z', 'Z', many)).toMatchObject({ pass: true, extracted: 'Z' })
    expect(matchChoice('ANSWER: C', 'A', { choices: ['yes', 'no'] })).toMatchObject({ pass: false, extracted: null })
  })

  it('compares several letters with a list target in any order, in any of the list forms', () => {
    expect(matchChoice('The answer is (C) and (A).', ['A', 'C'])).toMatchObject({ pass: true, extracted: 'A, C' })
    expect(matchChoice('ANSWER: A, C', ['C', 'A'])).toMatchObject({ pass: true, extracted: 'A, C' })
    expect(matchChoice('ANSWER: A, B, C', ['C', 'A'])).toMatchObject({ pass: false, extracted: 'A, B, C' })
  })
})

describe('matchChoice, unanswered is not wrong', () => {
  it('gives a wrong choice as extracted, so it counts as wrong', () => {
    expect(matchChoice('ANSWER: B', 'C')).toEqual({
      pass: false,
      extracted: 'B',
      passage: 'ANSWER: B',
      explanation: 'chose B, the answer is C',
    })
  })

  it('counts a reply that changes its mind as unanswered, with both letters named', () => {
    expect(matchChoice('The answer is (I).\n\nOn reflection the power is 3.75 J.\n\nThe answer is (E).', 'E', TEN)).toMatchObject({
      pass: false,
      extracted: null,
      explanation: 'the reply commits to conflicting options (I / E)',
    })
  })

  it('counts several options where one is asked for as unanswered', () => {
    expect(matchChoice('The answer is (B) and (D).', 'B')).toEqual({
      pass: false,
      extracted: null,
      passage: 'The answer is (B) and (D).',
      explanation: 'the reply commits to several options (B, D) where one is asked for',
    })
  })

  it('does not guess the last capital letter of a reply that commits to nothing', () => {
    expect(matchChoice('Option A is wrong and so is E, so I cannot decide.', 'E')).toMatchObject({
      pass: false,
      extracted: null,
      explanation: 'the reply commits to no option',
    })
  })
})

describe("matchChoice, protocol 'mmlu-pro'", () => {
  const protocol = { protocol: 'mmlu-pro' } as const

  it('takes the first "answer is (X)", as the official script does, naming the step', () => {
    expect(matchChoice('The answer is (I).\nThe answer is (E).', 'I', protocol)).toEqual({
      pass: true,
      extracted: 'I',
      passage: 'The answer is (I).\nThe answer is (E).',
      explanation: 'the chosen option is the target (MMLU-Pro step 1: "answer is (X)")',
    })
  })

  it('then takes the last "Answer: X" on the first line that has one', () => {
    const reply = 'Think.\nAnswer: B then Answer: C\nAnswer: D'
    expect(matchChoice(reply, 'C', protocol)).toMatchObject({ pass: true, extracted: 'C', explanation: expect.stringContaining('step 2') })
  })

  it('then takes the last letter A–J standing alone, where Unicode letters are word characters', () => {
    expect(matchChoice('It is between A and D for sure', 'D', protocol)).toMatchObject({
      extracted: 'D',
      explanation: expect.stringContaining('step 3'),
    })
    expect(matchChoice('Option B, not Dé', 'B', protocol).extracted).toBe('B')
  })

  it('leaves a reply none of the patterns match unanswered, where the official script draws a random letter', () => {
    expect(matchChoice('not sure at all.', 'B', protocol)).toEqual({
      pass: false,
      extracted: null,
      passage: null,
      explanation: 'no MMLU-Pro pattern matches the reply',
    })
  })

  it('stays fast on a 100 kB reply without line breaks, where the official second pattern is quadratic', () => {
    const reply = `${'answer: 42 '.repeat(10_000)}Answer: J`
    expect(matchChoice(reply, 'J', protocol).extracted).toBe('J')
  })

  // the slice keeps rows of every kind of reading: each pattern step, no pattern, conflicting letters (fixtures/real/SOURCES.md)
  it('reproduces the official pred on real rows of the three models, and leaves unanswered the rows it guessed', () => {
    const rows = ['Meta-Llama-3_1-8B-Instruct', 'jamba-1.5-large', 'gemini-1.5-pro-002'].flatMap((model) =>
      readFileSync(`fixtures/real/mmlu_pro/outputs/${model}.jsonl`, 'utf8').split('\n').filter(Boolean),
    )
    const read = rows.map((line) => {
      const row = JSON.parse(line) as { answer: string; pred: string | null; completion: string }
      return { row, match: matchChoice(row.completion, row.answer, protocol) }
    })
    expect(read.length).toBe(3 * 294)
    expect(read.filter(({ row, match }) => match.extracted !== null && match.extracted !== row.pred)).toEqual([])
    const steps = read.map(({ match }) => /step (\d)/.exec(match.explanation)?.[1] ?? 'none')
    expect(new Set(steps)).toEqual(new Set(['1', '3', 'none']))
  })
})
