import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
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

  it('holds its own characters only, not the whole text it was cut from', () => {
    setFlagsFromString('--expose-gc')
    const collect = runInNewContext('gc') as () => void
    const heapAfterCollection = (): number => (collect(), process.memoryUsage().heapUsed)
    const before = heapAfterCollection()
    // 200 replies of 100,000 characters, each made afresh as a parsed response is: 20 MB if the cuts held them
    const cuts = Array.from({ length: 200 }, (_, i) => cutText(JSON.parse(JSON.stringify(`${i} ${'x'.repeat(100_000)}`)) as string))
    const held = heapAfterCollection() - before
    expect(cuts.every((cut) => cut.length <= KEPT_CHARS && cut.endsWith('x'))).toBe(true)
    expect(held).toBeLessThan(5_000_000)
  })

  it('does not cut a cut text again, nor split a character in two', () => {
    const text = '😀'.repeat(3000)
    const cut = cutText(text)
    expect(cutText(cut)).toBe(cut)
    expect(cut.length).toBeLessThanOrEqual(KEPT_CHARS)
    expect(cut.replace(/\.\.\.\[[\d,]+ characters cut\]\.\.\./, '')).toMatch(/^(?:😀)+$/u)
  })
})
