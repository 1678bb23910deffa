import { describe, expect, expectTypeOf, it } from 'vitest'
import { checkAnswer, type MatchAnswerOptions } from '../../src/scoring/index.ts'

describe('checkAnswer', () => {
  it('records the matcher, the kind, the target and what was read, for the report', () => {
    expect(checkAnswer('ANSWER: B', ['B', 'C'], { kind: 'choice' }, 'default scorer')).toEqual({
      matcher: 'default scorer',
      kind: 'choice',
      pass: false,
      target: ['B', 'C'],
      extracted: 'B',
      passage: 'ANSWER: B',
      explanation: 'chose B, the answer is B, C',
    })
  })

  it('records kind "exact" when no kind is given, and a numeric target as text', () => {
    expect(checkAnswer('42', 42)).toMatchObject({ matcher: 'toMatchAnswer', kind: 'exact', pass: true, target: '42' })
  })

  it('records a RegExp target as kind "regex" with its source text', () => {
    expect(checkAnswer('42 apples', /(\d+) apples/)).toMatchObject({ kind: 'regex', pass: true, target: '/(\\d+) apples/', extracted: '42' })
  })
})

describe('checkAnswer, unanswered apart from wrong', () => {
  it('records a wrong reply with what it chose, and an unanswered one with nothing extracted', () => {
    expect(checkAnswer('ANSWER: A', 'B', { kind: 'choice' })).toMatchObject({ pass: false, extracted: 'A' })
    expect(checkAnswer('The answer is (A). No wait, the answer is (B).', 'B', { kind: 'choice' })).toMatchObject({ pass: false, extracted: null })
    expect(checkAnswer('I do not know how to solve this one, and I would rather not guess at it.', '3', { kind: 'math' })).toMatchObject({ kind: 'math', pass: false, extracted: null })
  })

  it('records the math and number kinds with their own options', () => {
    expect(checkAnswer('so $\\boxed{\\frac{1}{2}}$', '0.5', { kind: 'math', timeoutMs: 500 })).toMatchObject({ kind: 'math', pass: true, extracted: '\\frac{1}{2}' })
    expect(checkAnswer('A: 18\nand 2 more', 18, { kind: 'number', marker: 'A:' })).toMatchObject({ kind: 'number', pass: true, target: '18', extracted: '18' })
  })
})

describe('MatchAnswerOptions', () => {
  it('types each kind\'s options, and refuses an option of another kind', () => {
    expectTypeOf<{ kind: 'math'; timeoutMs: number; tolerance: number }>().toExtend<MatchAnswerOptions>()
    expectTypeOf<{ kind: 'choice'; protocol: 'mmlu-pro' }>().toExtend<MatchAnswerOptions>()
    expectTypeOf<{ kind: 'number'; marker: Array<string | RegExp> }>().toExtend<MatchAnswerOptions>()
    expectTypeOf<{ kind: 'choice'; protocol: 'mmlu' }>().not.toExtend<MatchAnswerOptions>()
    // @ts-expect-error: "protocol" is an option of kind "choice"
    const misplaced: MatchAnswerOptions = { kind: 'number', protocol: 'mmlu-pro' }
    expect(misplaced.kind).toBe('number')
  })
})
