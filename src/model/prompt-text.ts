import { contentText, type MediaMessage } from '../schema/index.ts'

/** The text a chat prompt becomes for a completions endpoint: the messages' contents, a blank line apart. */
export function promptText(messages: readonly MediaMessage[]): string {
  return messages.map((message) => contentText(message.content)).join('\n\n')
}

/**
 * The length of `promptText(messages)`, which a token estimate needs, without building the text: a tool loop's
 * conversation grows at every step, and each call would join all of it again.
 */
export function promptLength(messages: readonly MediaMessage[]): number {
  let length = 2 * Math.max(0, messages.length - 1)
  for (const { content } of messages) length += typeof content === 'string' ? content.length : contentText(content).length
  return length
}
