import OpenAI from 'openai'
import { ModelError } from '../errors.ts'
import type { ChatMessage, Usage } from '../schema/index.ts'

/** One answered chat request. */
export interface ChatReply {
  text: string
  usage?: Usage
  ttftMs?: number
}

/** What a chat request sends besides the messages. */
export interface ChatRequest {
  model: string
  messages: ChatMessage[]
  params: Record<string, unknown>
  stream: boolean
}

/** The token counts of an OpenAI-style usage block. */
export function usageOf(usage: OpenAI.CompletionUsage | null | undefined): Usage | undefined {
  return usage ? { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } : undefined
}

function noText(model: string, choices: number, finishReason: string | null | undefined): ModelError {
  // a reply with no text (an empty choice list, a refusal, a filtered answer) is an error, not a wrong answer
  const why = choices === 0 ? 'no choices' : `no text content (finish_reason "${finishReason}")`
  return new ModelError(`Model "${model}" returned ${why}.`)
}

async function complete(client: OpenAI, request: ChatRequest, signal: AbortSignal | undefined): Promise<ChatReply> {
  const completion = await client.chat.completions.create(
    { ...request.params, model: request.model, messages: request.messages, stream: false },
    { signal },
  )
  const choice = completion.choices[0]
  const text = choice?.message.content
  if (typeof text !== 'string') throw noText(request.model, completion.choices.length, choice?.finish_reason)
  const usage = usageOf(completion.usage)
  return { text, ...(usage ? { usage } : {}) }
}

async function stream(client: OpenAI, request: ChatRequest, signal: AbortSignal | undefined): Promise<ChatReply> {
  const started = performance.now()
  const chunks = await client.chat.completions.create(
    { ...request.params, model: request.model, messages: request.messages, stream: true, stream_options: { include_usage: true } },
    { signal },
  )
  let text: string | undefined
  let ttftMs: number | undefined
  let usage: Usage | undefined
  let choices = 0
  let finishReason: string | null | undefined
  try {
    for await (const chunk of chunks) {
      const choice = chunk.choices[0]
      if (choice) {
        choices++
        const piece = choice.delta?.content
        if (typeof piece === 'string') text = (text ?? '') + piece
        if (piece) ttftMs ??= performance.now() - started
        finishReason = choice.finish_reason ?? finishReason
      }
      usage = usageOf(chunk.usage) ?? usage
    }
  } catch (error) {
    // a connection lost mid-stream is a failed attempt like any lost connection, so it is retried
    if (error instanceof OpenAI.APIError || signal?.aborted) throw error
    throw new OpenAI.APIConnectionError({ message: `the reply stream broke off: ${error instanceof Error ? error.message : String(error)}` })
  }
  if (text === undefined) throw noText(request.model, choices, finishReason)
  return { text, ...(usage ? { usage } : {}), ...(ttftMs === undefined ? {} : { ttftMs }) }
}

/** Sends one chat request, streamed or not. */
export function requestChat(client: OpenAI, request: ChatRequest, signal: AbortSignal | undefined): Promise<ChatReply> {
  return request.stream ? stream(client, request, signal) : complete(client, request, signal)
}
