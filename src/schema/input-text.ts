import { contentText } from './chat-message.ts'
import type { Sample } from './sample.ts'

/**
 * A sample's input as text, for a judge's `{input}` and the report: the string itself, or a conversation as
 * `role: content` turns with a blank line between them.
 */
export function inputText(sample: Sample): string {
  if (typeof sample.input === 'string') return sample.input
  return sample.input.map((message) => `${message.role}: ${contentText(message.content)}`).join('\n\n')
}
