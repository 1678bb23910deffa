import type { ChatMessage } from '../schema/index.ts'

/** The text a chat prompt becomes for a completions endpoint: the messages' contents, a blank line apart. */
export function promptText(messages: readonly ChatMessage[]): string {
  return messages.map((message) => message.content).join('\n\n')
}
