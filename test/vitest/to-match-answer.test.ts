import { describe, expect, it } from 'vitest'
import { registerMatchers } from '../../src/vitest/matchers.ts'

registerMatchers()

function failureOf(assertion: () => void): string {
  try {
    assertion()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the assertion passed')
}

describe('toMatchAnswer outside a benchmark', () => {
  it('passes as an ordinary assertion when the answer matches, and supports .not', () => {
    expect('The answer is (C).').toMatchAnswer('C', { kind: 'choice' })
    expect('#### 1,234').toMatchAnswer(1234, { kind: 'number' })
    expect('ANSWER: A').not.toMatchAnswer('B', { kind: 'choice' })
  })

  it('fails with the target, what was extracted, the passage it came from and why', () => {
    expect(failureOf(() => expect('I think it is Sydney.\nANSWER: A').toMatchAnswer('C', { kind: 'choice' }))).toBe(
      [
        'expected the reply to match the answer "C" (kind "choice")',
        '  extracted: "A"',
        '  from: "I think it is Sydney.\\nANSWER: A"',
        '  why: chose A, the answer is C',
      ].join('\n'),
    )
  })

  it('says which kind would read the target when an exact check fails on a reply that holds it', () => {
    expect(failureOf(() => expect('The sum is 42.\nANSWER: 42').toMatchAnswer('42'))).toBe(
      [
        'expected the reply to match the answer "42" (kind "exact")',
        '  extracted: "The sum is 42.\\nANSWER: 42"',
        '  from: "The sum is 42.\\nANSWER: 42"',
        '  why: the reply is not the target',
        `  hint: { kind: 'exact', marker: 'ANSWER:' } would score it right: the answer after "ANSWER:" equals the target`,
      ].join('\n'),
    )
  })

  it('refuses a reply that is not a string', () => {
    expect(failureOf(() => expect(42).toMatchAnswer('42'))).toBe("toMatchAnswer expects the model's reply as a string, received number")
  })
})

describe('toMatchAnswer with the math kind', () => {
  it('passes on an equivalent boxed answer and fails with the reason otherwise', () => {
    expect('Thus $\\boxed{\\dfrac{2}{4}}$.').toMatchAnswer('0.5', { kind: 'math' })
    expect(failureOf(() => expect('Thus $\\boxed{\\frac{1}{3}}$.').toMatchAnswer('0.5', { kind: 'math' }))).toBe(
      [
        'expected the reply to match the answer "0.5" (kind "math")',
        '  extracted: "\\\\frac{1}{3}"',
        '  from: "Thus $\\\\boxed{\\\\frac{1}{3}}$."',
        '  why: \\frac{1}{3} is not 0.5',
      ].join('\n'),
    )
  })
})
