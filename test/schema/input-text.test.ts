import { expect, it } from 'vitest'
import { inputText, SampleSchema } from '../../src/schema/index.ts'

it('gives a string input as it is and a conversation as role: content turns a blank line apart', () => {
  expect(inputText(SampleSchema.parse({ id: 'q1', input: 'What is 2 + 2?', target: '4' }))).toBe('What is 2 + 2?')
  const conversation = SampleSchema.parse({
    id: 'q2',
    input: [
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'Two lines:\nfirst and second' },
    ],
    target: 'ok',
  })
  expect(inputText(conversation)).toBe('system: Answer briefly.\n\nuser: Two lines:\nfirst and second')
})
