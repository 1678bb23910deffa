import type { ModelMessage } from 'ai'
import { ConfigError } from '../errors.ts'
import type { MediaMessage, MessageToolCall } from '../schema/index.ts'

// a tool call's arguments as the AI SDK sends them back: parsed, or as the text they were when they are not JSON
function callInput(call: MessageToolCall): unknown {
  if (call.arguments.trim() === '') return {}
  try {
    return JSON.parse(call.arguments) as unknown
  } catch {
    return call.arguments
  }
}

/**
 * The messages as the AI SDK takes them. A tool message names its call's tool (Gemini and Bedrock send the name with
 * the result), so the name is found on the assistant message that made the call.
 */
export function modelMessages(messages: readonly MediaMessage[]): ModelMessage[] {
  const toolNames = new Map<string, string>()
  return messages.map((message, index): ModelMessage => {
    const { role, content } = message
    if (role === 'user') {
      if (typeof content === 'string') return { role, content }
      return {
        role,
        content: content.map((part) =>
          part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image', image: new URL(part.image_url.url) },
        ),
      }
    }
    const text = typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
    if (role === 'system') return { role, content: text }
    if (role === 'tool') {
      const id = message.toolCallId ?? ''
      const toolName = toolNames.get(id)
      if (toolName === undefined) {
        throw new ConfigError(
          `Message ${index + 1} is a "tool" message answering call "${id}", which no assistant message before it made; the AI SDK needs the call's tool name.`,
        )
      }
      return { role, content: [{ type: 'tool-result', toolCallId: id, toolName, output: { type: 'text', value: text } }] }
    }
    if (!message.toolCalls) return { role, content: text }
    for (const call of message.toolCalls) toolNames.set(call.id, call.name)
    const calls = message.toolCalls.map((call) => ({
      type: 'tool-call' as const,
      toolCallId: call.id,
      toolName: call.name,
      input: callInput(call),
    }))
    return { role, content: [...(text === '' ? [] : [{ type: 'text' as const, text }]), ...calls] }
  })
}
