import { describe, expect, it } from 'vitest'
import { toScores } from '../../src/scoring/score-sample.ts'
import { BUILTIN_METRICS } from '../../src/metrics/index.ts'
import { checkAnswer, matchAnswer } from '../../src/scoring/index.ts'

const CITIES = ['Paris', 'Tokyo', 'Lyon', 'Nice']
const credit = (reply: string, target: string | string[]) =>
  matchAnswer(reply, target, { kind: 'choice', choices: CITIES, partialCredit: true }).credit

describe('partial credit for multiple-answer choice', () => {
  it('gives the share of the right options chosen, and 0 once a wrong option is chosen', () => {
    expect(credit('ANSWER: A, C, D', ['A', 'C', 'D'])).toBe(1)
    expect(credit('ANSWER: A, D', ['A', 'C', 'D'])).toBeCloseTo(2 / 3)
    expect(credit('ANSWER: C', ['A', 'C'])).toBe(0.5)
    expect(credit('ANSWER: A, B', ['A', 'C'])).toBe(0)
    expect(credit('I cannot tell.', ['A', 'C'])).toBe(0)
  })

  it('scores a question with one right option as accuracy does', () => {
    expect(credit('ANSWER: B', 'B')).toBe(1)
    expect(credit('ANSWER: C', 'B')).toBe(0)
  })

  it('is off unless asked for, and when asked becomes the partial_credit metric beside accuracy', () => {
    expect(matchAnswer('ANSWER: C', ['A', 'C'], { kind: 'choice' }).credit).toBeUndefined()
    const check = checkAnswer('ANSWER: C', ['A', 'C'], { kind: 'choice', choices: CITIES, partialCredit: true })
    expect(toScores([check], undefined)).toEqual({ accuracy: 0, partial_credit: 0.5 })
    expect(BUILTIN_METRICS.partial_credit).toMatchObject({ direction: 'higher', range: { min: 0, max: 1 } })
  })
})
