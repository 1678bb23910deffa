import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { matchMath } from '../../../src/scoring/index.ts'

const boxed = (answer: string): string => `Working it through, we get $\\boxed{${answer}}$.`

describe('matchMath, reading the final answer', () => {
  it('reads the last \\boxed{}, nested braces included', () => {
    expect(matchMath('First $\\boxed{2}$, then fixing an error, $\\boxed{\\frac{\\sqrt{3}}{2}}$.', '\\frac{\\sqrt3}{2}')).toMatchObject({
      pass: true,
      extracted: '\\frac{\\sqrt{3}}{2}',
    })
  })

  it('joins boxes separated by only a few words into one answer', () => {
    expect(matchMath('$\\boxed{(2, 2)} \\quad \\text{and} \\quad \\boxed{(6, 2)}$', '(6,2),(2,2)').pass).toBe(true)
  })

  it('prefers a closing "The final answer is" to an earlier box', () => {
    const reply = 'Interest is $\\boxed{255}$, so she has $10,455. Final Answer: The final answer is $10,455$. I hope it is correct.'
    expect(matchMath(reply, '10455')).toMatchObject({ pass: true, extracted: '10,455' })
  })

  it('reads the number a sentence after "Final Answer:" states', () => {
    expect(matchMath('Final Answer: The largest $n$ is 34.', '34')).toMatchObject({ pass: true, extracted: '34' })
  })

  it('falls back to the last math span or number, whichever comes later', () => {
    expect(matchMath('We find $x = 4$ and then $y = 7$.', '7').pass).toBe(true)
    expect(matchMath('Since $$\\frac{a}{b} \\geq 2,$$ the error grows by 100%.', '100\\%').pass).toBe(true)
  })

  it('is unanswered, not wrong, when the reply states no answer', () => {
    expect(matchMath('I could not solve this problem, sorry about that, it is beyond me today.', '3')).toEqual({
      pass: false,
      extracted: null,
      passage: null,
      explanation: 'the reply states no final answer',
    })
  })
})

describe('matchMath, equivalence', () => {
  it.each([
    ['\\dfrac{1}{2}', '0.5'],
    ['\\frac12', '\\frac{1}{2}'],
    ['\\tfrac{9}{4}\\pi', '\\frac94\\pi'],
    ['12\\frac{3}{5}', '12.6'],
    ['2\\sqrt{2}', '\\sqrt8'],
    ['\\frac{\\sqrt{3}}{3}', '\\frac{1}{\\sqrt3}'],
    ['90^\\circ', '90'],
    ['15\\text{ cm}^2', '15'],
    ['125\\textnormal{ miles}', '125'],
    ['28\\%', '28'],
    ['10{,}000', '10000'],
    ['11,\\!111,\\!100', '11111100'],
    ['x = 3', '3'],
    ['(p,q) = (3,2)', '(3,2)'],
    ['2(x+1)', '2x+2'],
    ['x^23', '3x^2'],
    ['\\sin^2 x + \\cos^2 x', '1'],
    ['2 \\sin b \\cos a', '2\\cos(a)\\sin(b)'],
    ['[0, 1)', '[0,1)'],
    ['(-\\infty, 3] \\cup (5, \\infty)', '(5,\\infty)\\cup(-\\infty,3]'],
    ['\\{1, 2, 3\\}', '\\{3, 2, 1\\}'],
    ['-2, 1', '1,-2'],
    ['1 \\pm \\sqrt{19}', '1+\\sqrt{19}, 1-\\sqrt{19}'],
    ['(6, 31, -1)', '(6,31,-1)'],
    ['x \\geq 5', '5 \\le x'],
    ['y = -\\frac{1}{2}x + \\frac{3}{4}', '2x+4y-3=0'],
    ['x \\in [-2, 7]', '-2 \\le x \\le 7'],
    ['\\begin{pmatrix} 1 & 0 \\\\ 0 & 1 \\end{pmatrix}', '\\left[\\begin{array}{cc}1 & 0 \\\\ 0 & 1\\end{array}\\right]'],
    ['\\text{Evelyn}', 'Evelyn'],
    ['\\text{(C)}', '\\text{C}'],
  ])('%s equals %s', (answer, target) => {
    // these cases are about what is equal, not how fast: a loaded machine's first comparisons can pass the default 1 s
    expect(matchMath(boxed(answer), target, { timeoutMs: 30_000 })).toMatchObject({ pass: true })
  })

  it.each([
    ['(0, 1)', '[0,1)'],
    ['(1, 2)', '(2,1)'],
    ['32, 349', '32349'],
    ['x > 5', 'x < 5'],
    ['x^2', 'x^3'],
    ['f(y)', 'f(x)'],
    ['|x|', 'x'],
    ['\\sqrt{x^2}', 'x'],
    ['\\pm 2021', '2021'],
    ['3.14', '\\pi'],
    ['10^{10^{10^{10}}}', '10^{10^{10^{10}}}+1'],
  ])('%s does not equal %s', (answer, target) => {
    expect(matchMath(boxed(answer), target, { timeoutMs: 30_000 })).toMatchObject({
      pass: false,
      explanation: expect.not.stringContaining('could not decide'),
    })
  })

  it('says how the answer matched, and why not', () => {
    expect(matchMath(boxed('\\frac{1}{2}'), '\\dfrac12').explanation).toBe('the answer is the target, as written')
    expect(matchMath(boxed('0.5'), '\\frac12').explanation).toBe('the answer equals the target')
    expect(matchMath(boxed('\\frac{1}{3}'), '0.5').explanation).toBe('\\frac{1}{3} is not 0.5')
  })

  it('compares numbers within a relative tolerance', () => {
    expect(matchMath(boxed('3.1416'), '\\pi').pass).toBe(false)
    expect(matchMath(boxed('3.1416'), '\\pi', { tolerance: 1e-4 }).pass).toBe(true)
  })

  it('accepts any of several targets', () => {
    expect(matchMath(boxed('\\frac{1}{4}'), ['0.2', '0.25']).pass).toBe(true)
  })

  it('stops at the time limit and says so, rather than deciding', () => {
    expect(matchMath(boxed('2x+2'), '2(x+1)', { timeoutMs: 0 })).toMatchObject({
      pass: false,
      extracted: '2x+2',
      explanation: 'could not decide within 0 ms whether 2x+2 equals 2(x+1)',
    })
  })

  it('never hands text of the reply to mathjs as code', () => {
    expect(matchMath(boxed('import(x)'), 'import(x)').pass).toBe(true)
    expect(matchMath(boxed('evaluate(1)'), '1').pass).toBe(false)
  })
})

describe('matchMath on real MATH chain-of-thought completions', () => {
  const problems = readFileSync('fixtures/real/math_cot/math_cot_100.jsonl', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { idx: number; gt: string; code: string[]; score: boolean[] })

  // the slice keeps every problem where a reading differs from the official one (fixtures/real/SOURCES.md)
  it('agrees with the Qwen2.5-Math grader on 40 problems × 8 completions, but for one wrong verdict', () => {
    expect(problems).toHaveLength(40)
    const disagreements = problems.flatMap((p) => p.code.filter((reply, i) => matchMath(reply, p.gt).pass !== p.score[i]).map(() => p.idx))
    expect(disagreements).toEqual([72])
  })

  it('accepts "10000" for the gold "10{,}000", where the official verdict is wrong', () => {
    const problem = problems.find((p) => p.idx === 72)
    expect(problem?.gt).toBe('10{,}000')
    expect(problem?.score[7]).toBe(false)
    expect(matchMath(problem?.code[7] ?? '', problem?.gt ?? '')).toMatchObject({ pass: true, extracted: '10000' })
  })
})

describe('matchMath, bounded', () => {
  it('compares an answer over 1,000 characters as text, saying so', () => {
    const long = `1${' + x'.repeat(300)}`
    expect(matchMath(boxed(long), long)).toMatchObject({
      pass: true,
      explanation: 'the answer is the target, compared as text: answers over 1000 characters are not read as mathematics',
    })
    expect(matchMath(boxed(long), '1').pass).toBe(false)
  })

  it('expands a few \\pm signs into their values but not a long run of them', () => {
    expect(matchMath(boxed('1 \\pm 2 \\pm 4'), '\\{7, 3, -1, -5\\}').pass).toBe(true)
    expect(matchMath(boxed(`${'1 \\pm '.repeat(20)}1`), '1').pass).toBe(false)
  })
})
