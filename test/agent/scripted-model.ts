import type { GenerateStep } from '../../src/agent/index.ts'
import type { GenerateOptions, ModelOutput, ToolCall } from '../../src/model/index.ts'
import type { MediaMessage } from '../../src/schema/index.ts'
import { parsedToolCall } from '../../src/model/tools.ts'

/** One reply of a scripted model: text, and calls written as the model would (raw JSON text). */
export interface ScriptedReply {
  text?: string
  calls?: { name: string; arguments: string }[]
}

/** A model that answers the n-th call with the n-th reply, and keeps what it was sent. */
export function scriptedModel(replies: readonly ScriptedReply[]): GenerateStep & { sent: MediaMessage[][]; options: GenerateOptions[] } {
  const sent: MediaMessage[][] = []
  const options: GenerateOptions[] = []
  const generate = async (messages: MediaMessage[], given: GenerateOptions): Promise<ModelOutput> => {
    const reply = replies[sent.length] ?? { text: 'done' }
    sent.push(structuredClone(messages))
    options.push(given)
    const toolCalls = reply.calls?.map((call, index): ToolCall =>
      parsedToolCall({ id: `c${sent.length}_${index}`, name: call.name, arguments: call.arguments }),
    )
    return { text: reply.text ?? '', ...(toolCalls ? { toolCalls } : {}), usage: { inputTokens: 10, outputTokens: 2 }, latencyMs: 5 }
  }
  return Object.assign(generate, { sent, options })
}
