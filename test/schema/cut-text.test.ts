import { describe, expect, it } from 'vitest'
import { cutText, KEPT_CHARS } from '../../src/schema/index.ts'

describe('cutText', () => {
  it('keeps a text of up to 2,000 characters whole', () => {
    const text = 'x'.repeat(KEPT_CHARS)
    expect(cutText(text)).toBe(text)
  })

  it('cuts a longer text to 2,000 characters: its start and its end, saying how much was cut between', () => {
    const text = `${'a'.repeat(3000)}${'b'.repeat(3000)}`
    const cut = cutText(text)
    expect(cut).toHaveLength(KEPT_CHARS)
    expect(cut.slice(983, 1017)).toMatchInlineSnapshot(`"aaa...[4,028 characters cut]...bbb"`)
    expect(cut.startsWith('a'.repeat(986))).toBe(true)
    expect(cut.endsWith('b'.repeat(986))).toBe(true)
  })

  it('keeps a cut ASCII text ASCII, which V8 stores at one byte a character', () => {
    expect(cutText('step '.repeat(1000))).toMatch(/^[\x20-\x7e]+$/)
  })

  it('does not cut a cut text again, nor split a character in two', () => {
    const text = '😀'.repeat(3000)
    const cut = cutText(text)
    expect(cutText(cut)).toBe(cut)
    expect(cut.length).toBeLessThanOrEqual(KEPT_CHARS)
    expect(cut.replace(/\.\.\.\[[\d,]+ characters cut\]\.\.\./, '')).toMatch(/^(?:😀)+$/u)
  })
})
