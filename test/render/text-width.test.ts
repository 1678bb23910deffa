import stringWidth from 'string-width'
import { expect, it } from 'vitest'
import { textWidth } from '../../src/render/text-width.ts'

it("counts the symbols of evalsuite's own tables as string-width does", () => {
  for (const symbol of '·Δα–—…€£¥±×→≤≥') expect(textWidth(`Δ baseline ${symbol}`)).toBe(stringWidth(`Δ baseline ${symbol}`))
})

it('counts printable ASCII a column a character, and the rest as a terminal shows it', () => {
  expect(textWidth('accuracy  0.912 [0.88, 0.94]')).toBe(28)
  expect(textWidth('')).toBe(0)
  // wide characters take two columns, a combining mark none, an emoji two, colour codes none
  expect(textWidth('数学')).toBe(4)
  expect(textWidth('é')).toBe(1)
  expect(textWidth('ok ✅')).toBe(5)
  expect(textWidth('\u001b[31mred\u001b[39m')).toBe(3)
})
