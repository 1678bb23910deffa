import { describe, expect, it } from 'vitest'
import { matchMath } from '../../../src/scoring/index.ts'

// The rule: display math ("$$", "\[") may put its delimiters and its value on separate lines; inline math ("$",
// "\(") stays on one line, and a value between inline delimiters on lines of their own states no answer.
describe('matchMath, an answer marker followed by math over lines', () => {
  it('reads display math whose delimiters stand on lines of their own', () => {
    expect(matchMath('Answer\n$$\n42\n$$', '42').pass).toBe(true)
    expect(matchMath('Answer\n\\[\n\\frac{3}{4}\n\\]', '0.75').pass).toBe(true)
  })

  it('reads inline math on one line', () => {
    expect(matchMath('Answer \\( 6 \\cdot 7 \\)', '42').pass).toBe(true)
    expect(matchMath('Answer $ 42 $', '42').pass).toBe(true)
  })

  it('reads no answer between inline delimiters standing on lines of their own', () => {
    expect(matchMath('Answer $\n42\n$', '42')).toMatchObject({ pass: false, extracted: null })
    expect(matchMath('Answer \\(\n42\n\\)', '42')).toMatchObject({ pass: false, extracted: null })
  })

  it('still reads a later answer after such a pair', () => {
    expect(matchMath('Scratch \\(\n41\n\\)\nso the answer is 42.', '42').pass).toBe(true)
  })
})
