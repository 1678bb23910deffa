import { contentText, type Sample } from '../schema/index.ts'

/** A sample's input as text: the string itself, or a conversation as `[role] content` lines. */
export function inputText(sample: Sample): string {
  if (typeof sample.input === 'string') return sample.input
  return sample.input.map((message) => `[${message.role}] ${contentText(message.content)}`).join('\n')
}
