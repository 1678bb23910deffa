import { describe, expect, it } from 'vitest'
import { matchChoice } from '../../src/scoring/index.ts'

describe('matchChoice, letters committed to in prose', () => {
  it('reads the one letter a reply settles on while ruling others out', () => {
    expect(matchChoice('The speed is too low for B and E, so it must be D; A is far too fast.', 'D')).toMatchObject({
      pass: true,
      extracted: 'D',
    })
    expect(matchChoice('Weighing it all up, I would go with (C).', 'C')).toMatchObject({ pass: true, extracted: 'C' })
  })

  it('reads "I choose", "I pick" and "X is the correct answer" as commitments', () => {
    expect(matchChoice('After checking the units, I pick option F.', 'F', { choices: 'ABCDEFGH'.split('') }).extracted).toBe('F')
    expect(matchChoice('Only the last one survives the test, so G is the correct answer.', 'G').extracted).toBe('G')
  })

  it('reads a wrong commitment as wrong, not unanswered', () => {
    expect(matchChoice('It has to be B, since the others contradict the premise.', 'C')).toMatchObject({ pass: false, extracted: 'B' })
  })

  it('does not read a hedge between letters, a negation, or a reply that changes its mind', () => {
    expect(matchChoice('It must be A or C, I cannot tell which.', 'A').extracted).toBe(null)
    expect(matchChoice('So it must be A/C.', 'A').extracted).toBe(null)
    expect(matchChoice('B is not correct, and neither is D.', 'A').extracted).toBe(null)
    expect(matchChoice('At first it must be B. Later I would go with E.', 'E')).toMatchObject({
      extracted: null,
      explanation: 'the reply commits to conflicting options (B / E)',
    })
  })

  it('reads the pronoun I and lower-case articles as words, not options', () => {
    expect(matchChoice('Statement I is correct, so I cannot choose yet.', 'I').extracted).toBe(null)
    expect(matchChoice('That must be a typo in the question.', 'A').extracted).toBe(null)
  })

  it('gives way to a stronger commitment elsewhere in the reply', () => {
    expect(matchChoice('It must be B at first sight.\nANSWER: C', 'C')).toMatchObject({ pass: true, extracted: 'C' })
  })

  it('reads no letter past the options there are', () => {
    expect(matchChoice('So it must be E.', 'A', { choices: ['one', 'two', 'three', 'four'] }).extracted).toBe(null)
  })
})
