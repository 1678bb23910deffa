import { describe, expect, it } from 'vitest'
import { escapeMarkdown, markdownCode } from '../../src/render/escape-markdown.ts'

describe('escapeMarkdown', () => {
  it('escapes what would be a tag, a link, an image, an autolink, an entity, emphasis, code, math or a cell', () => {
    const hostile = [
      '<b>bold</b>',
      '[x](javascript:alert(1))',
      '![i](https://evil.example/x.png)',
      'see https://evil.example, www.evil.example, a@b.example',
      '&lt;b&gt; &#x3c;',
      '*em* **strong** ~~del~~ `code` $x^2$',
      'a | b',
      'x\\',
    ]
    expect(hostile.map(escapeMarkdown)).toMatchInlineSnapshot(`
      [
        "\\<b>bold\\</b>",
        "[x\\](javascript:alert(1))",
        "![i\\](https\\://evil.example/x.png)",
        "see https\\://evil.example, www\\.evil.example, a\\@b.example",
        "\\&lt;b\\&gt; \\&#x3c;",
        "\\*em\\* \\*\\*strong\\*\\* \\~\\~del\\~\\~ \\\`code\\\` \\$x^2\\$",
        "a \\| b",
        "x\\\\",
      ]
    `)
  })

  it('escapes "_" where it could emphasise, not inside a word', () => {
    expect(['snake_case', '__init__', '_private', 'a__b', 'mmlu/high_school_physics'].map(escapeMarkdown)).toEqual([
      'snake_case',
      '\\_\\_init\\_\\_',
      '\\_private',
      'a__b',
      'mmlu/high_school_physics',
    ])
  })

  it('writes control characters out, so that the text stays on its line', () => {
    expect(escapeMarkdown('a\nb\u001b[2J')).toBe('a\\\\nb\\\\x1b[2J')
  })

  it('keeps ordinary names and our own figures as they are', () => {
    const plain = [
      '数学推理',
      'Проверка знаний',
      'gsm8k-main v1.2/test',
      '.hidden',
      'q&a #2',
      '[55.2%, 95.3%]',
      'p<0.001',
      '0.833 < min 0.9',
      'accuracy (macro)',
    ]
    expect(plain.map(escapeMarkdown)).toEqual(plain)
  })
})

describe('markdownCode', () => {
  it('fences text with more backticks than it holds in a row', () => {
    expect(['gpt-4o-mini', 'org/model`v1`', '``x', ' a '].map(markdownCode)).toEqual([
      '`gpt-4o-mini`',
      '`` org/model`v1` ``',
      '``` ``x ```',
      '`  a  `',
    ])
  })
})
