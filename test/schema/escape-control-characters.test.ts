import { expect, it } from 'vitest'
import { escapeControlCharacters } from '../../src/schema/index.ts'

it('writes out the C0 and C1 controls that start escape sequences, and the bidi overrides, as visible text', () => {
  const hostile = [
    '\u001b[2J\u001b[H',
    '\u001b]0;title\u0007',
    '\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\',
    '\u009b31mred',
    'line\r\nevalsuite: PASS\t',
    'abc\u202edef\u2066',
  ]
  expect(hostile.map(escapeControlCharacters)).toMatchInlineSnapshot(`
    [
      "\\x1b[2J\\x1b[H",
      "\\x1b]0;title\\x07",
      "\\x1b]8;;https://evil.example\\x1b\\link\\x1b]8;;\\x1b\\",
      "\\x9b31mred",
      "line\\r\\nevalsuite: PASS\\t",
      "abc\\u202edef\\u2066",
    ]
  `)
})

it('keeps letters of any script, spaces and punctuation as they are', () => {
  const plain = ['数学推理', 'Проверка знаний', 'עברית', 'gsm8k-main_v1.2/test', '<b>[x](y)</b> % : ,']
  expect(plain.map(escapeControlCharacters)).toEqual(plain)
})
