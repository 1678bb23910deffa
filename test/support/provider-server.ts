/* eslint-disable @typescript-eslint/no-explicit-any -- the server reads and writes two providers' JSON in their own shapes */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import { listenOnLoopback } from './loopback.ts'

/** The wire formats the AI SDK's providers speak: Anthropic Messages and Gemini generateContent. */
export type Wire = 'anthropic' | 'gemini'

/** A received request: its path, headers and JSON body, and whether it asked for a stream. */
export interface ReceivedRequest {
  path: string
  headers: IncomingHttpHeaders
  // the test reads what the provider sent, in the provider's own shape
  body: Record<string, any>
  stream: boolean
}

/** What the server answers a request with; the usage in the provider's terms. */
export interface ScriptedReply {
  text?: string
  /** Tool calls, arguments as JSON text: sent in pieces when streamed, so that text which is not JSON arrives as it is. */
  toolCalls?: { name: string; arguments: string }[]
  usage?: { input: number; output: number; cachedInput?: number; reasoning?: number }
}

/** An error reply: its status, body (the provider's error JSON by default) and headers. */
export interface ProviderFault {
  status: number
  message?: string
  body?: string
  headers?: Record<string, string>
}

export interface ProviderServerOptions {
  wire: Wire
  /** The reply to a request; by default "Echo: " and the last user text. */
  reply?: (request: ReceivedRequest) => ScriptedReply
  /** Milliseconds to wait before answering each request. @default 0 */
  latencyMs?: number
  /** Headers sent with each reply that is not an error (a provider's rate-limit headers, say). */
  replyHeaders?: (index: number) => Record<string, string>
  /** An error for the Nth request (1-based), or undefined for a reply. */
  fault?: (index: number, request: ReceivedRequest) => ProviderFault | undefined
}

export interface ProviderServer {
  /** The provider's baseURL: http://127.0.0.1:PORT/v1 (Anthropic) or /v1beta (Gemini). */
  readonly baseURL: string
  readonly requests: ReadonlyArray<ReceivedRequest>
  close(): Promise<void>
}

function lastUserText(request: ReceivedRequest, wire: Wire): string {
  const messages: any[] = wire === 'anthropic' ? (request.body.messages ?? []) : (request.body.contents ?? [])
  const last = messages.filter((message) => message.role === 'user').at(-1)
  const parts: any[] =
    wire === 'anthropic' ? (typeof last?.content === 'string' ? [{ text: last.content }] : (last?.content ?? [])) : (last?.parts ?? [])
  return parts.map((part) => part.text ?? '').join('')
}

const sse = (event: string | undefined, data: unknown): string => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`

function anthropicUsage(usage: ScriptedReply['usage']) {
  return {
    input_tokens: usage?.input ?? 0,
    output_tokens: usage?.output ?? 0,
    cache_read_input_tokens: usage?.cachedInput ?? 0,
    cache_creation_input_tokens: 0,
  }
}

function anthropicReply(reply: ScriptedReply, model: string, stream: boolean): string {
  const calls = reply.toolCalls ?? []
  const stop = calls.length > 0 ? 'tool_use' : 'end_turn'
  if (!stream) {
    const content = [
      ...(reply.text === undefined ? [] : [{ type: 'text', text: reply.text }]),
      ...calls.map((call, index) => ({ type: 'tool_use', id: `toolu_${index}`, name: call.name, input: JSON.parse(call.arguments) })),
    ]
    return JSON.stringify({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: stop,
      stop_sequence: null,
      usage: anthropicUsage(reply.usage),
    })
  }
  const usage = anthropicUsage(reply.usage)
  let body = sse('message_start', {
    type: 'message_start',
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      usage: { ...usage, output_tokens: 1 },
    },
  })
  let index = 0
  if (reply.text !== undefined) {
    body += sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } })
    for (const piece of reply.text.match(/.{1,4}/gs) ?? [])
      body += sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } })
    body += sse('content_block_stop', { type: 'content_block_stop', index })
    index++
  }
  for (const [number, call] of calls.entries()) {
    body += sse('content_block_start', {
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: `toolu_${number}`, name: call.name, input: {} },
    })
    const half = Math.ceil(call.arguments.length / 2)
    for (const piece of [call.arguments.slice(0, half), call.arguments.slice(half)]) {
      body += sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } })
    }
    body += sse('content_block_stop', { type: 'content_block_stop', index })
    index++
  }
  body += sse('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  })
  return body + sse('message_stop', { type: 'message_stop' })
}

function geminiChunk(parts: unknown[], finish: boolean, usage: ScriptedReply['usage']) {
  return {
    candidates: [{ content: { role: 'model', parts }, index: 0, ...(finish ? { finishReason: 'STOP' } : {}) }],
    ...(finish
      ? {
          usageMetadata: {
            promptTokenCount: usage?.input ?? 0,
            candidatesTokenCount: usage?.output ?? 0,
            totalTokenCount: (usage?.input ?? 0) + (usage?.output ?? 0) + (usage?.reasoning ?? 0),
            ...(usage?.reasoning ? { thoughtsTokenCount: usage.reasoning } : {}),
            ...(usage?.cachedInput ? { cachedContentTokenCount: usage.cachedInput } : {}),
          },
        }
      : {}),
    modelVersion: 'gemini-test',
  }
}

function geminiReply(reply: ScriptedReply, stream: boolean): string {
  const calls = (reply.toolCalls ?? []).map((call) => ({ functionCall: { name: call.name, args: JSON.parse(call.arguments) } }))
  if (!stream)
    return JSON.stringify(geminiChunk([...(reply.text === undefined ? [] : [{ text: reply.text }]), ...calls], true, reply.usage))
  const pieces = (reply.text?.match(/.{1,4}/gs) ?? []).map((text) => geminiChunk([{ text }], false, undefined))
  return [...pieces, geminiChunk(calls, true, reply.usage)].map((chunk) => sse(undefined, chunk)).join('')
}

function errorBody(wire: Wire, fault: ProviderFault): string {
  if (fault.body !== undefined) return fault.body
  const message = fault.message ?? `status ${fault.status}`
  if (wire === 'anthropic') {
    const type =
      fault.status === 529
        ? 'overloaded_error'
        : fault.status === 429
          ? 'rate_limit_error'
          : fault.status === 401
            ? 'authentication_error'
            : 'api_error'
    return JSON.stringify({ type: 'error', error: { type, message } })
  }
  return JSON.stringify({ error: { code: fault.status, message, status: fault.status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } })
}

/** A local server speaking one provider's wire format, streamed (SSE) and not. */
export async function startProviderServer(options: ProviderServerOptions): Promise<ProviderServer> {
  const { wire } = options
  const requests: ReceivedRequest[] = []
  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string>): void => {
    res.writeHead(status, headers)
    res.end(body)
  }
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      const path = req.url ?? ''
      const stream = wire === 'anthropic' ? false : path.includes(':streamGenerateContent')
      const body = JSON.parse(raw || '{}') as Record<string, any>
      const request: ReceivedRequest = { path, headers: req.headers, body, stream: wire === 'anthropic' ? body.stream === true : stream }
      requests.push(request)
      const fault = options.fault?.(requests.length, request)
      if (fault) return send(res, fault.status, errorBody(wire, fault), { 'content-type': 'application/json', ...fault.headers })
      const reply = options.reply?.(request) ?? { text: `Echo: ${lastUserText(request, wire)}`, usage: { input: 10, output: 4 } }
      const model = wire === 'anthropic' ? String(body.model) : (/models\/([^:]+)/.exec(path)?.[1] ?? '')
      const text = wire === 'anthropic' ? anthropicReply(reply, model, request.stream) : geminiReply(reply, request.stream)
      const answer = (): void =>
        send(res, 200, text, {
          'content-type': request.stream ? 'text/event-stream' : 'application/json',
          ...options.replyHeaders?.(requests.length),
        })
      if (options.latencyMs) setTimeout(answer, options.latencyMs).unref()
      else answer()
    })
  })
  const { port, close } = await listenOnLoopback(server)
  return { baseURL: `http://127.0.0.1:${port}/${wire === 'anthropic' ? 'v1' : 'v1beta'}`, requests, close }
}
