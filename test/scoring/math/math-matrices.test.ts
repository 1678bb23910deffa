import { describe, expect, it } from 'vitest'
import { matchMath } from '../../../src/scoring/index.ts'

const m = (rows: string): string => `\\begin{pmatrix} ${rows} \\end{pmatrix}`
const b = (rows: string): string => `\\begin{bmatrix} ${rows} \\end{bmatrix}`

describe('matchMath, matrices written as expressions', () => {
  it('reads a sum or difference of matrices as the matrix it makes', () => {
    expect(matchMath(`Adding them: $${m('2 & 0 \\\\ 1 & 3')} + ${m('1 & 4 \\\\ -1 & 2')}$`, m('3 & 4 \\\\ 0 & 5')).pass).toBe(true)
    expect(matchMath(`So $${m('5 & 5')} - ${m('2 & 1')}$`, m('3 & 4')).pass).toBe(true)
    expect(matchMath(`Adding them: $${m('2 & 0 \\\\ 1 & 3')} + ${m('1 & 4 \\\\ -1 & 2')}$`, m('3 & 4 \\\\ 0 & 6')).pass).toBe(false)
  })

  it('reads a product, by juxtaposition or \\cdot, with products before sums', () => {
    const rotation = m('0 & -1 \\\\ 1 & 0')
    expect(matchMath(`Applying it twice: $${rotation} ${rotation}$`, m('-1 & 0 \\\\ 0 & -1')).pass).toBe(true)
    expect(matchMath(`$${m('1 & 0 \\\\ 0 & 1')} \\cdot ${m('4 & 2 \\\\ 7 & 9')}$`, m('4 & 2 \\\\ 7 & 9')).pass).toBe(true)
    expect(matchMath(`$${m('1 & 1')} + ${m('1 & 0')} ${m('2 & 0 \\\\ 0 & 2')}$`, m('3 & 1')).pass).toBe(true)
  })

  it('multiplies a row by a column into a 1 × 1 matrix, and refuses shapes that do not fit', () => {
    expect(matchMath(`$${m('1 & 2 & 3')} ${m('4 \\\\ 5 \\\\ 6')}$`, m('32')).pass).toBe(true)
    expect(matchMath(`$${m('1 & 2')} + ${m('1 \\\\ 2')}$`, m('2 & 4')).pass).toBe(false)
  })

  it('keeps symbolic entries symbolic', () => {
    expect(matchMath(`$${m('a & 0 \\\\ 0 & b')} ${m('x \\\\ y')}$`, m('ax \\\\ by')).pass).toBe(true)
    expect(matchMath(`$${m('a & 0 \\\\ 0 & b')} ${m('x \\\\ y')}$`, m('ay \\\\ bx')).pass).toBe(false)
  })

  it('compares a matrix with its value whatever its brackets, and the target wrapped in parentheses', () => {
    expect(matchMath(`$\\boxed{${b('1 & 2 \\\\ 3 & 4')}}$`, `\\left(${m('1 & 2 \\\\ 3 & 4')}\\right)`).pass).toBe(true)
  })

  it('reads entries written with roots and fractional exponents as equal', () => {
    expect(matchMath(`$\\boxed{${m('\\sqrt{t}^3 & 1')}}$`, m('t^{3/2} & 1')).pass).toBe(true)
    expect(matchMath(`$\\boxed{${m('\\sqrt[3]{t}^2 & 1')}}$`, m('t^{2/3} & 1')).pass).toBe(true)
    expect(matchMath(`$\\boxed{${m('\\sqrt{t^3} & 1')}}$`, m('t^{2/3} & 1')).pass).toBe(false)
  })

  it('reads a trailing row break before \\end, even with its backslashes doubled by escaping', () => {
    expect(matchMath(`$\\boxed{\\begin{pmatrix}1&2\\\\3&4\\\\\\end{pmatrix}}$`, m('1 & 2 \\\\ 3 & 4')).pass).toBe(true)
  })
})
