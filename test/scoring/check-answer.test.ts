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
    expect(checkAnswer('42 apples', /(\d+) apples/)).toMatchObject({
      kind: 'regex',
      pass: true,
      target: '/(\\d+) apples/',
      extracted: '42',
    })
  })
})

describe('checkAnswer, unanswered apart from wrong', () => {
  it('records a wrong reply with what it chose, and an unanswered one with nothing extracted', () => {
    expect(checkAnswer('ANSWER: A', 'B', { kind: 'choice' })).toMatchObject({ pass: false, extracted: 'A' })
    expect(checkAnswer('The answer is (A). No wait, the answer is (B).', 'B', { kind: 'choice' })).toMatchObject({
      pass: false,
      extracted: null,
    })
    expect(checkAnswer('I do not know how to solve this one, and I would rather not guess at it.', '3', { kind: 'math' })).toMatchObject({
      kind: 'math',
      pass: false,
      extracted: null,
    })
  })

  it('records the math and number kinds with their own options', () => {
    expect(checkAnswer('so $\\boxed{\\frac{1}{2}}$', '0.5', { kind: 'math', timeoutMs: 500 })).toMatchObject({
      kind: 'math',
      pass: true,
      extracted: '\\frac{1}{2}',
    })
    expect(checkAnswer('A: 18\nand 2 more', 18, { kind: 'number', marker: 'A:' })).toMatchObject({
      kind: 'number',
      pass: true,
      target: '18',
      extracted: '18',
    })
  })
})

describe('checkAnswer, a failed exact check that another kind would pass', () => {
  it("hints at the marker when the reply's last ANSWER: line is the target", () => {
    expect(checkAnswer('The capital of France is Paris.\nANSWER: Paris', 'Paris').hint).toEqual({
      answer: "{ kind: 'exact', marker: 'ANSWER:' }",
      explanation: 'the answer after "ANSWER:" equals the target',
    })
  })

  it('hints at the number kind when the number the reply answers with is the target', () => {
    expect(checkAnswer('The sum is 40 + 2 = 42.', '42').hint).toEqual({
      answer: "{ kind: 'number' }",
      explanation: 'the last number equals the target',
    })
    expect(checkAnswer('The sum is 42.\nANSWER: 42.', '42', { kind: 'exact', marker: 'ANSWER:' }).hint).toEqual({
      answer: "{ kind: 'number' }",
      explanation: 'the number after "answer:" equals the target',
    })
  })

  it('gives no hint when no other reading finds the target, when the check passed, or for another kind', () => {
    expect(checkAnswer('The sum is 41.', '42')).not.toHaveProperty('hint')
    expect(checkAnswer('It is Paris.', 'Paris')).not.toHaveProperty('hint')
    expect(checkAnswer('The sum is 42.\nANSWER: 42', '42', { kind: 'exact', marker: 'ANSWER:' })).not.toHaveProperty('hint')
    expect(checkAnswer('The sum is 42.', '41', { kind: 'includes' })).not.toHaveProperty('hint')
  })
})

describe('MatchAnswerOptions', () => {
  it("types each kind's options, and refuses an option of another kind", () => {
    expectTypeOf<{ kind: 'math'; timeoutMs: number; tolerance: number }>().toExtend<MatchAnswerOptions>()
    expectTypeOf<{ kind: 'choice'; protocol: 'mmlu-pro' }>().toExtend<MatchAnswerOptions>()
    expectTypeOf<{ kind: 'number'; marker: Array<string | RegExp> }>().toExtend<MatchAnswerOptions>()
    expectTypeOf<{ kind: 'exact'; marker: string; caseSensitive: boolean }>().toExtend<MatchAnswerOptions>()
    expectTypeOf<{ kind: 'choice'; protocol: 'mmlu' }>().not.toExtend<MatchAnswerOptions>()
    // @ts-expect-error: "protocol" is an option of kind "choice"
    const misplaced: MatchAnswerOptions = { kind: 'number', protocol: 'mmlu-pro' }
    expect(misplaced.kind).toBe('number')
    // @ts-expect-error: "marker" is an option of kinds "exact" and "number"
    const marked: MatchAnswerOptions = { kind: 'includes', marker: 'ANSWER:' }
    expect(marked.kind).toBe('includes')
  })
})
