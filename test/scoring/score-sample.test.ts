import { describe, expect, it } from 'vitest'
import { toScores } from '../../src/scoring/score-sample.ts'
import { ScorerError } from '../../src/errors.ts'
import { isWrongAnswer, type Check } from '../../src/schema/index.ts'

const check = (pass: boolean): Check => ({
  matcher: 'toMatchAnswer',
  kind: 'exact',
  pass,
  target: '4',
  extracted: pass ? '4' : '5',
  passage: null,
  explanation: pass ? 'the reply equals the target' : 'the reply is not the target',
})

describe('toScores', () => {
  it('scores accuracy 1 when every check passed and 0 when any failed', () => {
    expect(toScores([check(true), check(true)], undefined)).toEqual({ accuracy: 1 })
    expect(toScores([check(true), check(false)], undefined)).toEqual({ accuracy: 0 })
  })

  it('takes a returned boolean as the accuracy', () => {
    expect(toScores(undefined, true)).toEqual({ accuracy: 1 })
    expect(toScores([], false)).toEqual({ accuracy: 0 })
  })

  it('counts a sample right only when both its checks and its returned boolean say so', () => {
    expect(toScores([check(true)], true)).toEqual({ accuracy: 1 })
    expect(toScores([check(true)], false)).toEqual({ accuracy: 0 })
    expect(toScores([check(false)], true)).toEqual({ accuracy: 0 })
  })

  it('records a returned number as the metric "score", next to the checks\' accuracy', () => {
    expect(toScores(undefined, 0.4)).toEqual({ score: 0.4 })
    expect(toScores([check(false)], 0.4)).toEqual({ accuracy: 0, score: 0.4 })
    expect(toScores(undefined, 0)).toEqual({ score: 0 })
  })

  it("records a returned record as named metrics, next to the checks' accuracy", () => {
    expect(toScores(undefined, { bleu: 0.3, f1: 0.5 })).toEqual({ bleu: 0.3, f1: 0.5 })
    expect(toScores([check(true)], { f1: 0.5 })).toEqual({ accuracy: 1, f1: 0.5 })
  })

  it('refuses a scorer that recorded no score, saying how to record one', () => {
    expect(() => toScores(undefined, undefined)).toThrowErrorMatchingInlineSnapshot(
      `[ScorerError: The scorer recorded no score: call expect(output).toMatchAnswer(...) or return a boolean, a number, or { metric: number }.]`,
    )
    const noScore = new ScorerError(
      'The scorer recorded no score: call expect(output).toMatchAnswer(...) or return a boolean, a number, or { metric: number }.',
    )
    expect(noScore.code).toBe('EVALSUITE_SCORER_FAILED')
    expect(() => toScores([], undefined)).toThrowError(noScore)
    expect(() => toScores(undefined, {})).toThrowError(noScore)
  })

  it('refuses a metric that is not a number, naming it', () => {
    expect(() => toScores(undefined, { f1: '0.5' } as never)).toThrowErrorMatchingInlineSnapshot(
      `[ScorerError: The scorer returned "0.5" for metric "f1"; a metric must be a finite number.]`,
    )
  })

  it('refuses NaN and infinite metrics, showing the value', () => {
    expect(() => toScores(undefined, { f1: Number.NaN })).toThrowErrorMatchingInlineSnapshot(
      `[ScorerError: The scorer returned NaN for metric "f1"; a metric must be a finite number.]`,
    )
    expect(() => toScores(undefined, { speed: 1 / 0 })).toThrowErrorMatchingInlineSnapshot(
      `[ScorerError: The scorer returned Infinity for metric "speed"; a metric must be a finite number.]`,
    )
  })

  it('refuses a NaN returned as the score', () => {
    expect(() => toScores(undefined, Number.NaN)).toThrow(ScorerError)
  })

  it('never lets a returned accuracy overrule a failed check', () => {
    expect(toScores([check(false)], { accuracy: 1 })).toEqual({ accuracy: 0 })
    expect(toScores([check(true)], { accuracy: 0 })).toEqual({ accuracy: 0 })
  })
})

describe('isWrongAnswer', () => {
  it('marks a sample wrong only when its accuracy is 0', () => {
    expect(isWrongAnswer({ accuracy: 0 })).toBe(true)
    expect(isWrongAnswer({ accuracy: 0, score: 1 })).toBe(true)
    expect(isWrongAnswer({ accuracy: 1, score: 0 })).toBe(false)
  })

  it('never marks a sample wrong for a continuous score alone', () => {
    expect(isWrongAnswer({ score: 0 })).toBe(false)
    expect(isWrongAnswer({ f1: 0, bleu: 0 })).toBe(false)
  })
})
