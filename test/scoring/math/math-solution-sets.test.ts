import { describe, expect, it } from 'vitest'
import { matchMath } from '../../../src/scoring/index.ts'

describe('matchMath, solution sets written differently', () => {
  it('reads assignments separated by semicolons as a list of tuples, in any order of solutions', () => {
    expect(matchMath('$\\boxed{(1,4),(3,-2)}$', 'm=3,n=-2;m=1,n=4').pass).toBe(true)
    expect(matchMath('$\\boxed{a=1,b=4;a=3,b=-2}$', '(3,-2),(1,4)').pass).toBe(true)
  })

  it('keeps the variables of each solution in the order they are written', () => {
    expect(matchMath('$\\boxed{(4,1),(-2,3)}$', 'm=1,n=4;m=3,n=-2').pass).toBe(false)
    expect(matchMath('$\\boxed{(1,4)}$', 'm=3,n=-2;m=1,n=4').pass).toBe(false)
  })

  it('reads "or" and "and" between statements alike, spaced or glued to the math', () => {
    expect(matchMath('g(t)=3org(t)=-3', 'g(s) = 3 \\text{ and } g(s) = -3').pass).toBe(true)
    expect(matchMath('$\\boxed{g(t)=3 \\text{ or } g(t)=-3}$', 'g(t)=-3 \\text{ and } g(t)=3').pass).toBe(true)
    expect(matchMath('g(t)=3org(t)=-3', 'g(s) = 3 \\text{ and } g(s) = 4').pass).toBe(false)
    expect(matchMath('g(t)=3org(t)=-3', 'h(s) = 3 \\text{ and } h(s) = -3').pass).toBe(false)
  })

  it('reads an absolute-value inequality as the union of intervals it describes', () => {
    expect(matchMath('$\\boxed{w \\in [-5,-2] \\cup [2,5]}$', '2 \\le |w| \\le 5').pass).toBe(true)
    expect(matchMath('$\\boxed{(-4, 4)}$', '|w| < 4').pass).toBe(true)
    expect(matchMath('$\\boxed{(-\\infty,-1) \\cup (1,\\infty)}$', '|w| > 1').pass).toBe(true)
    expect(matchMath('$\\boxed{[-5,-2) \\cup (2,5]}$', '2 \\le |w| \\le 5').pass).toBe(false)
    expect(matchMath('$\\boxed{[2,5]}$', '2 \\le |w| \\le 5').pass).toBe(false)
  })

  it('joins several boxes into the set that one box lists', () => {
    expect(matchMath('The roots are $\\boxed{-3}$ and $\\boxed{\\frac{1}{2}}$.', '\\left\\{\\frac12, -3\\right\\}').pass).toBe(true)
    expect(matchMath('The roots are $\\boxed{-3}$ and $\\boxed{\\frac{1}{2}}$.', '\\left\\{\\frac12, 3\\right\\}').pass).toBe(false)
  })

  it('joins math spans that a final-answer sentence lists with "and"', () => {
    const reply = 'Checking both, they work. Final Answer: The final answer is "$5$ and $8$". I hope it is correct.'
    expect(matchMath(reply, '5 \\text{ and } 8')).toMatchObject({ pass: true, extracted: '5, 8' })
    expect(matchMath(reply, '8').pass).toBe(false)
  })

  it('reads a braced list as the tuple written in the same order, and not in another', () => {
    expect(matchMath('${2,7}$', '(2,7)').pass).toBe(true)
    expect(matchMath('${2,7}$', '(7,2)').pass).toBe(false)
    expect(matchMath('${2,7}$', '\\{7,2\\}').pass).toBe(true)
  })

  it('reads a target cut short inside its box as what the box holds', () => {
    expect(matchMath('$\\boxed{9}$', '\\boxed{9').pass).toBe(true)
  })
})
