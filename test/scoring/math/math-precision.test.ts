import { describe, expect, it } from 'vitest'
import { EvalsuiteError } from '../../../src/errors.ts'
import { matchMath, matchNumber } from '../../../src/scoring/index.ts'

describe('matchMath, precision', () => {
  it('keeps a rounded decimal apart from an exact value by default', () => {
    expect(matchMath('The probability is $\\boxed{0.67}$.', '\\frac{2}{3}').pass).toBe(false)
    expect(matchMath('The probability is $\\boxed{0.6666667}$.', '\\frac{2}{3}').pass).toBe(true)
  })

  it('reads a decimal as the exact value it rounds, at the digits asked for', () => {
    expect(matchMath('The probability is $\\boxed{0.67}$.', '\\frac{2}{3}', { precision: 2 }).pass).toBe(true)
    expect(matchMath('So the ratio is $\\boxed{1.4142}$.', '\\sqrt{2}', { precision: 4 }).pass).toBe(true)
  })

  it('still tells apart values that differ at the digits asked for', () => {
    expect(matchMath('The probability is $\\boxed{0.66}$.', '\\frac{2}{3}', { precision: 2 }).pass).toBe(false)
    expect(matchMath('So the ratio is $\\boxed{1.41}$.', '\\sqrt{2}', { precision: 4 }).pass).toBe(false)
  })

  it('rounds half away from zero, as the decimal is written, not as a double stores it', () => {
    expect(matchMath('$\\boxed{1.01}$', '1.005', { precision: 2 }).pass).toBe(true)
    expect(matchMath('$\\boxed{-1.01}$', '-1.005', { precision: 2 }).pass).toBe(true)
  })

  it('applies only where one side is a written decimal: two exact values are compared exactly', () => {
    expect(matchMath('$\\boxed{\\frac{667}{1000}}$', '\\frac{2}{3}', { precision: 2 }).pass).toBe(false)
  })

  it('rounds the endpoints of intervals, the items of tuples and the entries of matrices', () => {
    expect(matchMath('$\\boxed{[0.33, 1.67)}$', '[\\frac{1}{3}, \\frac{5}{3})', { precision: 2 }).pass).toBe(true)
    expect(matchMath('$\\boxed{(0.25, 0.14)}$', '(\\frac{1}{4}, \\frac{1}{7})', { precision: 2 }).pass).toBe(true)
    const matrix = '\\begin{pmatrix} 0.5 & 0.33 \\\\ 0.17 & 1 \\end{pmatrix}'
    expect(
      matchMath(`$\\boxed{${matrix}}$`, '\\begin{pmatrix} \\frac12 & \\frac13 \\\\ \\frac16 & 1 \\end{pmatrix}', { precision: 2 }).pass,
    ).toBe(true)
    expect(
      matchMath(`$\\boxed{${matrix}}$`, '\\begin{pmatrix} \\frac12 & \\frac13 \\\\ \\frac16 & 2 \\end{pmatrix}', { precision: 2 }).pass,
    ).toBe(false)
  })

  it('refuses a precision that is not a whole number of digits, naming the kind', () => {
    expect(() => matchMath('$\\boxed{1}$', '1', { precision: 2.5 })).toThrow(EvalsuiteError)
    expect(() => matchMath('$\\boxed{1}$', '1', { precision: -1 })).toThrow(
      /kind "math": precision -1 must be a whole number of digits from 0 to 15/,
    )
  })
})

describe('matchNumber, precision', () => {
  it('reads a rounded reply as the target at the digits asked for, and not by default', () => {
    expect(matchNumber('Each share is about 33.33 dollars.', 100 / 3).pass).toBe(false)
    expect(matchNumber('Each share is about 33.33 dollars.', 100 / 3, { precision: 2 }).pass).toBe(true)
    expect(matchNumber('Each share is about 33.34 dollars.', 100 / 3, { precision: 2 }).pass).toBe(false)
  })

  it('rounds a reply to the decimals of a written target', () => {
    expect(matchNumber('The mean is 2.3333333.', '2.33', { precision: 2 }).pass).toBe(true)
  })

  it('leaves whole numbers on both sides to the tolerance', () => {
    expect(matchNumber('There are 101 marbles.', 100, { precision: 0 }).pass).toBe(false)
  })

  it('refuses a precision that is not a whole number of digits', () => {
    expect(() => matchNumber('7', 7, { precision: 16 })).toThrow(/kind "number": precision 16/)
  })
})
