import { describe, expect, it } from 'vitest'
import { promptLength, promptText } from '../../src/model/prompt-text.ts'
import type { MediaMessage } from '../../src/schema/index.ts'

// the token estimate of each call (the rate limits' and maxCost's) is taken from this length: it must be the prompt
// text's, which it replaces so that a tool loop's growing conversation is not joined again at every step
describe('promptLength', () => {
  it("is the length of the prompt's text, for text, image parts, tool messages and no messages", () => {
    const conversations: MediaMessage[][] = [
      [],
      [{ role: 'user', content: '' }],
      [{ role: 'user', content: 'Add 2 and 3.' }],
      [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            { type: 'text', text: 'And this? é東' },
          ],
        },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'look', arguments: '{}' }] },
        { role: 'tool', toolCallId: 'c1', content: 'a cat' },
      ],
    ]
    for (const messages of conversations) expect(promptLength(messages)).toBe(promptText(messages).length)
  })
})
