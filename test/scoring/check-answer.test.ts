import { describe, expect, it } from 'vitest'
import { checkAnswer } from '../../src/scoring/index.ts'

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
