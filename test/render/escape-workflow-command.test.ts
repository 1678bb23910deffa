import { expect, it } from 'vitest'
import { escapeCommandData, escapeCommandProperty } from '../../src/render/escape-workflow-command.ts'

it('keeps a message on its command line: %, CR and LF encoded, other controls written out', () => {
  expect(escapeCommandData('100% wrong\r\n::error::spoofed\u001b[2J')).toMatchInlineSnapshot(`"100%25 wrong%0D%0A::error::spoofed\\x1b[2J"`)
})

it('keeps a property within its value: ":" and "," encoded too', () => {
  expect(escapeCommandProperty('evalsuite: a,b [m]\n::x')).toMatchInlineSnapshot(`"evalsuite%3A a%2Cb [m]%0A%3A%3Ax"`)
})
