import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { matchNumber } from '../../src/scoring/index.ts'

describe('matchNumber, written forms', () => {
  it.each([
    ['She pays $1,250.50 in total.', 1250.5],
    ['It costs €3,000.', 3000],
    ['The price is \\$18.', 18],
    ['The tank holds 12.5 liters.', 12.5],
    ['It fell to −4 degrees.', -4],
    ['So 16-3-4 = 9', 9],
    ['The growth was 25%.', 25],
    ['That leaves 7/2 cups.', 3.5],
    ['x = \\frac{7}{2}', 3.5],
    ['The distance is 1.5e3 m.', 1500],
    ['The charge is 1.6 × 10^{-19} C', 1.6e-19],
    ['about 2.5\\times10^{3} cells', 2500],
    ['a rate of .75 per hour', 0.75],
  ])('reads %j as %d', (reply, value) => {
    const match = matchNumber(reply, value)
    expect(match.pass).toBe(true)
    expect(Number(match.extracted)).toBeCloseTo(value, 25)
  })

  it('accepts the gold written with thousands separators, as 14 GSM8K golds are', () => {
    expect(matchNumber('#### 1450000', '1,450,000').pass).toBe(true)
  })

  it('does not accept the gold times or divided by 100 as a percentage', () => {
    expect(matchNumber('The answer is 2500', '25').pass).toBe(false)
    expect(matchNumber('The answer is 0.25', '25').pass).toBe(false)
  })

  it('refuses a target that is not a number, saying what to do', () => {
    expect(() => matchNumber('42', 'forty-two')).toThrowErrorMatchingInlineSnapshot(
      `[ScorerError: toMatchAnswer kind "number": the target "forty-two" is not a number; fix the sample's target or use kind "exact".]`,
    )
  })
})

describe('matchNumber, answer markers', () => {
  it('reads the number after the last "####", "Answer:" or "the answer is", before later numbers', () => {
    expect(matchNumber('#### 12\nCheck: 3 x 4 = 12, not 13.', 12)).toMatchObject({
      pass: true,
      explanation: 'the number after "####" equals the target',
    })
    expect(matchNumber('So the answer is **$18**. That is 9 * 2.', 18)).toMatchObject({ pass: true, extracted: '18' })
    expect(matchNumber('The final answer is $\\boxed{18}$ dollars, from 3 cartons.', 18).pass).toBe(true)
  })

  it('reads the number after a configured marker, such as "A:"', () => {
    const reply = 'She makes 9 * 2 = $<<9*2=18>>18 every day.\nA: 18\nThat is 2 more than 16.'
    expect(matchNumber(reply, 18, { marker: 'A:' })).toMatchObject({ pass: true, explanation: 'the number after "A:" equals the target' })
    expect(matchNumber(reply, 18)).toMatchObject({ pass: false, extracted: '16' })
  })

  it('matches a text marker as whole words ignoring case, so "data:" is not "a:"', () => {
    expect(matchNumber('data: 5 rows, total 7', 7, { marker: 'a:' }).extracted).toBe('7')
    expect(matchNumber('ANSWER: 5 (from 7 rows)', 5, { marker: 'answer:' }).extracted).toBe('5')
  })

  it('tries a list of markers in order and takes a RegExp marker as written', () => {
    const reply = 'Result => 7\nTotal: 9'
    expect(matchNumber(reply, 7, { marker: [/Result =>/, 'Total:'] }).extracted).toBe('7')
    expect(matchNumber(reply, 9, { marker: ['Total:', /Result =>/] }).extracted).toBe('9')
  })

  it('falls back to the last number when no number follows a marker closely', () => {
    expect(matchNumber('The answer is unclear; my estimate is 42', 42)).toMatchObject({
      pass: true,
      explanation: 'the last number equals the target',
    })
  })

  it('is unanswered, not wrong, when the reply has no number', () => {
    expect(matchNumber('I cannot tell.', 12)).toEqual({
      pass: false,
      extracted: null,
      passage: null,
      explanation: 'the reply gives no number',
    })
  })
})

describe('matchNumber on real GSM8K solutions', () => {
  // the slice keeps every question whose solutions are hard to read (fixtures/real/SOURCES.md), in the test file's order
  it("agrees with OpenAI's is_correct on 99 questions × 4 models", () => {
    const golds = readFileSync('fixtures/real/gsm8k/test.jsonl', 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { answer: string }).answer.split('####').at(-1)?.trim() ?? '')
    const rows = readFileSync('fixtures/real/gsm8k/example_model_solutions.jsonl', 'utf8').split('\n').filter(Boolean)
    const verdicts = rows.flatMap((line, i) => {
      const row = JSON.parse(line) as Record<string, { is_correct: boolean; solution: string }>
      return ['6b_finetuning', '6b_verification', '175b_finetuning', '175b_verification'].map((model) => {
        const { is_correct, solution } = row[model] as { is_correct: boolean; solution: string }
        return matchNumber(solution, golds[i] as string, { marker: 'A:' }).pass === is_correct
      })
    })
    expect(verdicts.length).toBe(396)
    expect(verdicts.filter((agrees) => !agrees).length).toBe(0)
  })
})
