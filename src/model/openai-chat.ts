import type OpenAI from 'openai'
import { ModelError } from '../errors.ts'
import { contentText, type MediaMessage, type MessageToolCall, type ToolOffer, type Usage } from '../schema/index.ts'
import type { AttemptState } from './attempt-state.ts'
import type { JsonEndpoint } from './post-json.ts'
import { excerpt } from './reply-excerpt.ts'

/** One answered chat request. */
export interface ChatReply {
  text: string
  /** The tools called, arguments as sent; absent when none were. */
  toolCalls?: MessageToolCall[]
  usage?: Usage
  ttftMs?: number
}

/** What a chat request sends besides the messages. */
export interface ChatRequest {
  model: string
  messages: MediaMessage[]
  params: Record<string, unknown>
  stream: boolean
  tools?: ToolOffer
}

/** The token counts of an OpenAI-style usage block. */
export function usageOf(usage: OpenAI.CompletionUsage | null | undefined): Usage | undefined {
  return usage ? { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } : undefined
}

/** A message as OpenAI's API takes it: image parts in user messages only, a system, assistant or tool message as its text. */
export function sentMessage(message: MediaMessage): OpenAI.ChatCompletionMessageParam {
  if (message.role === 'user') return { role: 'user', content: message.content }
  const content = contentText(message.content)
  if (message.role === 'tool') return { role: 'tool', content, tool_call_id: message.toolCallId ?? '' }
  if (message.role === 'system' || !message.toolCalls) return { role: message.role, content }
  const calls = message.toolCalls.map((call) => ({
    id: call.id,
    type: 'function' as const,
    function: { name: call.name, arguments: call.arguments },
  }))
  // an assistant message that only called tools has no content, which OpenAI takes as null rather than ""
  return { role: 'assistant', content: content === '' ? null : content, tool_calls: calls }
}

// a tool loop offers the same definitions at every step of every sample: they are wrapped for OpenAI once
const wrapped = new WeakMap<ToolOffer['definitions'], unknown[]>()

function wrappedTools(definitions: ToolOffer['definitions']): unknown[] {
  let tools = wrapped.get(definitions)
  if (tools === undefined) {
    tools = definitions.map((tool) => ({ type: 'function', function: tool }))
    wrapped.set(definitions, tools)
  }
  return tools
}

// what a call that offers tools adds to the request body
function toolFields(tools: ToolOffer | undefined): Record<string, unknown> {
  if (!tools) return {}
  const choice = tools.choice
  return {
    tools: wrappedTools(tools.definitions),
    ...(choice === undefined
      ? {}
      : { tool_choice: typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } } }),
    ...(tools.parallel === undefined ? {} : { parallel_tool_calls: tools.parallel }),
  }
}

function body<S extends boolean>(
  request: ChatRequest,
  stream: S,
): Record<string, unknown> & { model: string; messages: OpenAI.ChatCompletionMessageParam[]; stream: S } {
  return { ...request.params, ...toolFields(request.tools), model: request.model, messages: request.messages.map(sentMessage), stream }
}

// a reply's tool calls, kept as sent; a call of another type or without a name is not one this layer can run
function toolCallsOf(calls: readonly OpenAI.ChatCompletionMessageToolCall[] | null | undefined): MessageToolCall[] | undefined {
  const kept = (calls ?? []).flatMap((call) =>
    call.type === 'function' && typeof call.function?.name === 'string' && call.function.name !== ''
      ? [
          {
            id: typeof call.id === 'string' ? call.id : '',
            name: call.function.name,
            arguments: typeof call.function.arguments === 'string' ? call.function.arguments : '',
          },
        ]
      : [],
  )
  return kept.length > 0 ? kept : undefined
}

function noText(model: string, choices: number, finishReason: string | null | undefined): ModelError {
  // a reply with no text (an empty choice list, a refusal, a filtered answer) is an error, not a wrong answer
  const why = choices === 0 ? 'no choices' : `no text content (finish_reason "${finishReason}")`
  return new ModelError(`Model "${model}" returned ${why}.`)
}

async function complete(
  endpoint: JsonEndpoint,
  request: ChatRequest,
  signal: AbortSignal | undefined,
  state: AttemptState,
): Promise<ChatReply> {
  const completion = (await endpoint.post(body(request, false), { signal, state })) as OpenAI.ChatCompletion | null
  // JSON of another shape (an error object with status 200, a different API) is an error, not a crash on `choices[0]`
  if (!Array.isArray(completion?.choices)) {
    throw new ModelError(
      `Model "${request.model}" returned JSON without a "choices" list: ${excerpt(JSON.stringify(completion) ?? String(completion))}`,
    )
  }
  const choice = completion.choices[0]
  const toolCalls = toolCallsOf(choice?.message.tool_calls)
  // a reply that only calls tools has no text
  const text = choice?.message.content ?? (toolCalls ? '' : undefined)
  if (typeof text !== 'string') throw noText(request.model, completion.choices.length, choice?.finish_reason)
  const usage = usageOf(completion.usage)
  return { text, ...(toolCalls ? { toolCalls } : {}), ...(usage ? { usage } : {}) }
}

async function stream(client: OpenAI, request: ChatRequest, options: OpenAI.RequestOptions): Promise<ChatReply> {
  const started = performance.now()
  const chunks = await client.chat.completions.create({ ...body(request, true), stream_options: { include_usage: true } }, options)
  let text: string | undefined
  let ttftMs: number | undefined
  let usage: Usage | undefined
  let choices = 0
  let finishReason: string | null | undefined
  // a streamed tool call comes in pieces, each naming the call by its index: its id and name first, then its arguments;
  // a Map, since the index is the endpoint's word and must not reach an object's prototype
  const calls = new Map<unknown, { id?: string; name?: string; arguments: string }>()
  // a connection lost mid-stream fails in the guarded fetch, which says so and lets the attempt be retried
  for await (const chunk of chunks) {
    const choice = chunk.choices?.[0]
    if (choice) {
      choices++
      const piece = choice.delta?.content
      if (typeof piece === 'string') text = (text ?? '') + piece
      if (piece) ttftMs ??= performance.now() - started
      for (const delta of choice.delta?.tool_calls ?? []) {
        ttftMs ??= performance.now() - started
        const call = calls.get(delta.index) ?? { arguments: '' }
        calls.set(delta.index, call)
        if (typeof delta.id === 'string') call.id ??= delta.id
        if (typeof delta.function?.name === 'string') call.name ??= delta.function.name
        if (typeof delta.function?.arguments === 'string') call.arguments += delta.function.arguments
      }
      finishReason = choice.finish_reason ?? finishReason
    }
    usage = usageOf(chunk.usage) ?? usage
  }
  // the SDK ends a stream quietly when it is aborted: what came so far is not the reply
  options.signal?.throwIfAborted()
  const toolCalls = toolCallsOf(
    [...calls.values()].map((call) => ({
      id: call.id ?? '',
      type: 'function' as const,
      function: { name: call.name ?? '', arguments: call.arguments },
    })),
  )
  text ??= toolCalls ? '' : undefined
  if (text === undefined) throw noText(request.model, choices, finishReason)
  return { text, ...(toolCalls ? { toolCalls } : {}), ...(usage ? { usage } : {}), ...(ttftMs === undefined ? {} : { ttftMs }) }
}

/**
 * Sends one attempt of a chat request: streamed through the SDK's client (`client` opens it), which reads the events,
 * with the SDK's per-request options (signal, the guarded fetch's options); otherwise posted to `endpoint` (see
 * `jsonEndpoint`) under the attempt's `state`.
 */
export async function requestChat(
  client: () => Promise<OpenAI>,
  endpoint: JsonEndpoint,
  request: ChatRequest,
  options: OpenAI.RequestOptions,
  state: AttemptState,
): Promise<ChatReply> {
  return request.stream ? stream(await client(), request, options) : complete(endpoint, request, options.signal ?? undefined, state)
}
