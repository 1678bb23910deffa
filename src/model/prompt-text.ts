import { contentText, type MediaMessage } from '../schema/index.ts'

/** The text a chat prompt becomes for a completions endpoint: the messages' contents, a blank line apart. */
export function promptText(messages: readonly MediaMessage[]): string {
  return messages.map((message) => contentText(message.content)).join('\n\n')
}
