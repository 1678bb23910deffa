import OpenAI from 'openai'
import { ModelError } from '../errors.ts'
import { contentText, type MediaMessage, type Usage } from '../schema/index.ts'
import { excerpt } from './reply-excerpt.ts'

/** One answered chat request. */
export interface ChatReply {
  text: string
  usage?: Usage
  ttftMs?: number
}

/** What a chat request sends besides the messages. */
export interface ChatRequest {
  model: string
  messages: MediaMessage[]
  params: Record<string, unknown>
  stream: boolean
}

/** The token counts of an OpenAI-style usage block. */
export function usageOf(usage: OpenAI.CompletionUsage | null | undefined): Usage | undefined {
  return usage ? { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } : undefined
}

// OpenAI's API takes image parts in user messages only; a system or assistant message is sent as its text
function sentMessages(messages: readonly MediaMessage[]): OpenAI.ChatCompletionMessageParam[] {
  return messages.map((message) => (message.role === 'user' ? { role: 'user', content: message.content } : { role: message.role, content: contentText(message.content) }))
}

function noText(model: string, choices: number, finishReason: string | null | undefined): ModelError {
  // a reply with no text (an empty choice list, a refusal, a filtered answer) is an error, not a wrong answer
  const why = choices === 0 ? 'no choices' : `no text content (finish_reason "${finishReason}")`
  return new ModelError(`Model "${model}" returned ${why}.`)
}

async function complete(client: OpenAI, request: ChatRequest, options: OpenAI.RequestOptions): Promise<ChatReply> {
  const completion = await client.chat.completions.create({ ...request.params, model: request.model, messages: sentMessages(request.messages), stream: false }, options)
  // JSON of another shape (an error object with status 200, a different API) is an error, not a crash on `choices[0]`
  if (!Array.isArray(completion?.choices)) {
    throw new ModelError(`Model "${request.model}" returned JSON without a "choices" list: ${excerpt(JSON.stringify(completion) ?? String(completion))}`)
  }
  const choice = completion.choices[0]
  const text = choice?.message.content
  if (typeof text !== 'string') throw noText(request.model, completion.choices.length, choice?.finish_reason)
  const usage = usageOf(completion.usage)
  return { text, ...(usage ? { usage } : {}) }
}

async function stream(client: OpenAI, request: ChatRequest, options: OpenAI.RequestOptions): Promise<ChatReply> {
  const started = performance.now()
  const chunks = await client.chat.completions.create(
    { ...request.params, model: request.model, messages: sentMessages(request.messages), stream: true, stream_options: { include_usage: true } },
    options,
  )
  let text: string | undefined
  let ttftMs: number | undefined
  let usage: Usage | undefined
  let choices = 0
  let finishReason: string | null | undefined
  // a connection lost mid-stream fails in the guarded fetch, which says so and lets the attempt be retried
  for await (const chunk of chunks) {
    const choice = chunk.choices?.[0]
    if (choice) {
      choices++
      const piece = choice.delta?.content
      if (typeof piece === 'string') text = (text ?? '') + piece
      if (piece) ttftMs ??= performance.now() - started
      finishReason = choice.finish_reason ?? finishReason
    }
    usage = usageOf(chunk.usage) ?? usage
  }
  // the SDK ends a stream quietly when it is aborted: what came so far is not the reply
  options.signal?.throwIfAborted()
  if (text === undefined) throw noText(request.model, choices, finishReason)
  return { text, ...(usage ? { usage } : {}), ...(ttftMs === undefined ? {} : { ttftMs }) }
}

/** Sends one chat request, streamed or not, with the SDK's per-request options (signal, fetch options). */
export function requestChat(client: OpenAI, request: ChatRequest, options: OpenAI.RequestOptions): Promise<ChatReply> {
  return request.stream ? stream(client, request, options) : complete(client, request, options)
}
