import type { MediaMessage } from '../schema/index.ts'

/**
 * The turns of a conversation to play: the messages cut before each user message after the first, when they hold
 * several user messages and no assistant message. A conversation that holds assistant messages is history the last
 * turn follows, sent as it is; undefined then, and for a single user turn.
 */
export function conversationTurns(messages: readonly MediaMessage[]): MediaMessage[][] | undefined {
  let users = 0
  for (const message of messages) {
    if (message.role === 'assistant' || message.role === 'tool') return undefined
    if (message.role === 'user') users++
  }
  if (users < 2) return undefined
  const turns: MediaMessage[][] = []
  let current: MediaMessage[] = []
  let seenUser = false
  for (const message of messages) {
    if (message.role === 'user' && seenUser) {
      turns.push(current)
      current = []
    }
    if (message.role === 'user') seenUser = true
    current.push(message)
  }
  turns.push(current)
  return turns
}
