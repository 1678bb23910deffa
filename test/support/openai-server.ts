import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface FakeServerOptions {
  /** Milliseconds to wait before answering each request. @default 0 */
  latencyMs?: number
  /**
   * Decide a reply text from the request (and its headers, for an endpoint that echoes them); default: deterministic
   * reply derived from the last user message.
   */
  reply?: (request: { model: string; messages: ChatMessage[] }, headers: IncomingHttpHeaders) => string
  /**
   * Inject a fault for the Nth chat request (1-based count over all requests) or by predicate; return undefined for a
   * normal reply. `inFlight` counts the requests being answered, this one included.
   */
  fault?: (request: {
    index: number
    model: string
    messages: ChatMessage[]
    inFlight: number
    headers: IncomingHttpHeaders
  }) => Fault | undefined
  /** Milliseconds between the chunks of a streamed reply (the first chunk comes after `latencyMs`). @default 0 */
  streamGapMs?: number
  /** Whether chat requests with `logprobs: true` get log-probabilities; false plays an endpoint that ignores them. @default true */
  logprobs?: boolean
  /** How `/v1/completions` answers: with echoed logprobs, refusing echo with logprobs (400), or not at all (404). @default 'echo' */
  completions?: 'echo' | 'no-echo' | 'none'
  /** The log-probability of one prompt token on `/v1/completions`, given the text before it. Default: see `tokenLogprob`. */
  tokenLogprob?: (token: string, before: string) => number
  /**
   * Tool calls to answer a chat request with (in place of text), each `{ name, arguments }` with arguments as JSON
   * text; none when undefined.
   */
  toolCalls?: (request: ChatRequest) => { name: string; arguments: string }[] | undefined
}

export type Fault =
  | {
      kind: 'status'
      status: number
      retryAfterSeconds?: number
      retryAfterMs?: number
      /** The reply's body; sent as JSON when it parses, else as text, unless `contentType` says otherwise. */
      body?: string
      contentType?: string
      /** More headers, e.g. a raw `retry-after` such as "1e9". */
      headers?: Record<string, string>
    }
  /** Accepts the request and never answers: no headers, no body. */
  | { kind: 'hang' }
  | { kind: 'reset' }
  /** A streamed reply whose connection drops after its first chunk (a non-streamed request gets a reset). */
  | { kind: 'cut' }
  /** Sends the headers (200) and the first bytes of the reply, then nothing more, keeping the connection open. */
  | { kind: 'stall' }
  /** A reply that never ends: SSE chunks (streamed) or JSON whitespace (not streamed), one every `gapMs` (default 10). */
  | { kind: 'endless'; gapMs?: number }
  /** A redirect to `location`, with no body. */
  | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string }
  /** A valid reply of about `bytes` bytes; `chunked` leaves out its content-length. */
  | { kind: 'huge'; bytes: number; chunked?: boolean }

export interface FakeServer {
  /** e.g. http://127.0.0.1:PORT/v1 — pass as baseURL to the openai SDK */
  readonly baseURL: string
  /** number of chat completion requests received (including faulted ones) */
  readonly requestCount: number
  /** the received request bodies' messages, in arrival order */
  readonly requests: ReadonlyArray<ChatRequest>
  /** the received `/v1/completions` request bodies, in arrival order */
  readonly completionRequests: ReadonlyArray<CompletionRequest>
  /** every chat and completions request as it arrived: when (performance.now()), and how many were then in flight, itself included */
  readonly arrivals: ReadonlyArray<{ at: number; inFlight: number }>
  /** requests being answered now */
  readonly inFlight: number
  /** change behaviour while running */
  setLatency(ms: number): void
  setFault(fault: FakeServerOptions['fault']): void
  /** closes the server, destroying open (hanging) sockets so it never blocks test exit */
  close(): Promise<void>
}

/** A received message: its text, the URLs of its image parts, and its tool-use fields, when it has any. */
type ChatMessage = { role: string; content: string; images?: string[]; toolCalls?: unknown; toolCallId?: unknown }
/** A received chat request; the tool fields are present when the body had them, as sent. */
export type ChatRequest = { model: string; messages: ChatMessage[]; tools?: unknown; toolChoice?: unknown; parallelToolCalls?: unknown }
export type CompletionRequest = { model: string; prompts: string[]; echo: boolean; logprobs: number | null; maxTokens: number }

const MODEL_ID = 'fake-model'

export function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  let latencyMs = options.latencyMs ?? 0
  let fault = options.fault
  const reply = options.reply ?? defaultReply
  const requests: ChatRequest[] = []
  const completionRequests: CompletionRequest[] = []
  const arrivals: { at: number; inFlight: number }[] = []
  let inFlight = 0
  // a request is in flight from its arrival until its response is finished or its socket closes
  const track = (res: ServerResponse): number => {
    inFlight++
    res.once('close', () => inFlight--)
    arrivals.push({ at: performance.now(), inFlight })
    return inFlight
  }
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()
  let closing: Promise<void> | undefined

  const later = (fn: () => void): void => {
    if (latencyMs <= 0) return fn()
    const timer = setTimeout(() => {
      timers.delete(timer)
      fn()
    }, latencyMs)
    timers.add(timer)
  }

  const handleChat = (req: IncomingMessage, res: ServerResponse, raw: string): void => {
    const parsed = parseChatBody(raw)
    if (typeof parsed === 'string') return sendError(res, 400, parsed, 'invalid_request_error', null)
    const { request, stream, includeUsage, logprobs, maxTokens } = parsed
    requests.push(request)
    const index = requests.length
    const now = track(res)
    const injected = fault?.({ index, ...request, inFlight: now, headers: req.headers })

    if (injected?.kind === 'hang') return
    later(() => {
      if (res.destroyed) return
      if (injected?.kind === 'reset' || (injected?.kind === 'cut' && !stream)) return void req.socket.destroy()
      if (injected?.kind === 'status') return sendFault(res, injected)
      if (injected?.kind === 'stall') return sendStall(res, stream)
      if (injected?.kind === 'endless') return sendEndless(res, stream, injected.gapMs ?? 10)
      if (injected?.kind === 'redirect')
        return void res.writeHead(injected.status, { location: injected.location, 'content-length': 0 }).end()
      if (injected?.kind === 'huge') return sendHuge(res, stream, injected)
      const id = `chatcmpl-fake-${index}`
      const created = Math.floor(Date.now() / 1000)
      const calls = options.toolCalls?.(request)?.map((call, at) => ({ id: `call_${index}_${at}`, ...call }))
      if (calls)
        return sendToolCalls(
          res,
          { id, created, model: request.model, calls, usage: countUsage(request.messages, '') },
          stream,
          includeUsage,
        )
      const full = reply(request, req.headers)
      const content = firstWords(full, maxTokens)
      const usage = countUsage(request.messages, content)
      if (stream) {
        const streamed = { id, created, model: request.model, content, usage: includeUsage ? usage : undefined }
        return sendStream(res, streamed, options.streamGapMs ?? 0, timers, injected?.kind === 'cut')
      }
      const withLogprobs = logprobs !== null && options.logprobs !== false
      sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: request.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content },
            logprobs: withLogprobs ? { content: answerLogprobs(content, logprobs), refusal: null } : null,
            finish_reason: content === full ? 'stop' : 'length',
          },
        ],
        usage,
      })
    })
  }

  const handleCompletions = (res: ServerResponse, raw: string): void => {
    const parsed = parseCompletionBody(raw)
    if (typeof parsed === 'string') return sendError(res, 400, parsed, 'invalid_request_error', null)
    completionRequests.push(parsed)
    track(res)
    later(() => {
      if (res.destroyed) return
      if (options.completions === 'no-echo' && parsed.echo && parsed.logprobs !== null) {
        return sendError(
          res,
          400,
          'Setting echo and logprobs at the same time is not supported for this model.',
          'invalid_request_error',
          null,
        )
      }
      sendJson(res, 200, completionReply(parsed, completionRequests.length, options.tokenLogprob ?? tokenLogprob))
    })
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0]
    const completions = path === '/v1/completions' && options.completions !== 'none'
    if (req.method === 'POST' && (path === '/v1/chat/completions' || completions)) {
      let raw = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => (raw += chunk))
      req.on('end', () => (completions ? handleCompletions(res, raw) : handleChat(req, res, raw)))
      // A client aborting mid-upload must not crash the server.
      req.on('error', () => {})
      return
    }
    req.resume()
    if (req.method === 'GET' && path === '/v1/models') {
      return sendJson(res, 200, { object: 'list', data: [{ id: MODEL_ID, object: 'model', created: 0, owned_by: 'fake' }] })
    }
    sendError(res, 404, `Invalid URL (${req.method} ${path})`, 'invalid_request_error', null)
  })
  server.keepAliveTimeout = 5_000
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      const { port } = server.address() as AddressInfo
      resolve({
        baseURL: `http://127.0.0.1:${port}/v1`,
        get requestCount() {
          return requests.length
        },
        get requests() {
          return requests
        },
        get completionRequests() {
          return completionRequests
        },
        get arrivals() {
          return arrivals
        },
        get inFlight() {
          return inFlight
        },
        setLatency(ms) {
          latencyMs = ms
        },
        setFault(next) {
          fault = next
        },
        close() {
          closing ??= new Promise<void>((done, fail) => {
            for (const timer of timers) clearTimeout(timer)
            timers.clear()
            server.close((err) => (err ? fail(err) : done()))
            for (const socket of sockets) socket.destroy()
          })
          return closing
        },
      })
    })
  })
}

function defaultReply(request: ChatRequest): string {
  const last = request.messages.findLast((message) => message.role === 'user')?.content ?? ''
  const directive = /^[ \t]*Reply with:(.*)$/m.exec(last)
  return directive ? (directive[1] ?? '').trim() : `echo: ${last.slice(0, 80)}`
}

type Parsed = { request: ChatRequest; stream: boolean; includeUsage: boolean; logprobs: number | null; maxTokens: number | undefined }

/** A request body with its model, or an error message for a 400. */
function parseBody(raw: string): (Record<string, unknown> & { model: string }) | string {
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    return 'We could not parse the JSON body of your request.'
  }
  if (!isRecord(body)) return 'Request body must be a JSON object.'
  if (typeof body.model !== 'string') return "Missing required parameter: 'model'."
  return { ...body, model: body.model }
}

/** Returns the parsed request, or an error message for a 400. */
function parseChatBody(raw: string): Parsed | string {
  const body = parseBody(raw)
  if (typeof body === 'string') return body
  if (!Array.isArray(body.messages)) return "Missing required parameter: 'messages'."
  const messages: ChatMessage[] = []
  for (const m of body.messages) {
    if (!isRecord(m) || typeof m.role !== 'string') return "Invalid 'messages': each message needs a string 'role'."
    const images = imagesOf(m.content)
    const tools = {
      ...(m.tool_calls === undefined ? {} : { toolCalls: m.tool_calls }),
      ...(m.tool_call_id === undefined ? {} : { toolCallId: m.tool_call_id }),
    }
    messages.push({ role: m.role, content: textOf(m.content), ...(images.length > 0 ? { images } : {}), ...tools })
  }
  const offered = {
    ...(body.tools === undefined ? {} : { tools: body.tools }),
    ...(body.tool_choice === undefined ? {} : { toolChoice: body.tool_choice }),
    ...(body.parallel_tool_calls === undefined ? {} : { parallelToolCalls: body.parallel_tool_calls }),
  }
  const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true
  const logprobs = body.logprobs === true ? (typeof body.top_logprobs === 'number' ? body.top_logprobs : 0) : null
  const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : undefined
  return { request: { model: body.model, messages, ...offered }, stream: body.stream === true, includeUsage, logprobs, maxTokens }
}

function parseCompletionBody(raw: string): CompletionRequest | string {
  const body = parseBody(raw)
  if (typeof body === 'string') return body
  const prompts = typeof body.prompt === 'string' ? [body.prompt] : body.prompt
  if (!Array.isArray(prompts) || !prompts.every((p) => typeof p === 'string')) return "Invalid 'prompt': a string or an array of strings."
  return {
    model: body.model,
    prompts,
    echo: body.echo === true,
    logprobs: typeof body.logprobs === 'number' ? body.logprobs : null,
    maxTokens: typeof body.max_tokens === 'number' ? body.max_tokens : 16,
  }
}

/** The first `count` words of a reply, as a server that stops at max_tokens (one word, one token) returns them. */
function firstWords(text: string, count: number | undefined): string {
  if (count === undefined) return text
  return (text.match(/\s*\S+/g) ?? []).slice(0, count).join('').trim()
}

const LETTERS = 'ABCDEFGHIJ'

/**
 * Log-probabilities of a reply's first token, as an endpoint returns them for `logprobs: true`: the token itself is
 * near-certain, and the option letters other than it follow at -3, -4, ... (so a reply "B" ranks B first).
 */
function answerLogprobs(content: string, top: number | null): unknown[] {
  const token = content.match(/\S+/)?.[0] ?? ''
  const others = [...LETTERS]
    .filter((letter) => letter !== token)
    .map((letter, index) => ({ token: letter, logprob: -3 - index, bytes: null }))
  return [{ token, logprob: -0.01, bytes: null, top_logprobs: [{ token, logprob: -0.01, bytes: null }, ...others].slice(0, top ?? 0) }]
}

/**
 * The default log-probability of a completions token: -0.1 for a word that a "Reply with:" line before it names (the
 * answer the prompt asks for), -2 for any other.
 */
export function tokenLogprob(token: string, before: string): number {
  const asked = /^[ \t]*Reply with:(.*)$/m.exec(before)?.[1]?.trim().split(/\s+/) ?? []
  return asked.includes(token.trim()) && before.slice(before.lastIndexOf('Reply with:')).includes('\n') ? -0.1 : -2
}

const GENERATED_LOGPROB = -50

function completionReply(request: CompletionRequest, index: number, logprobOf: (token: string, before: string) => number): unknown {
  let promptTokens = 0
  const choices = request.prompts.map((prompt, choice) => {
    const promptPieces = prompt.match(/\s*\S+|\s+$/g) ?? []
    promptTokens += promptPieces.length
    const generated = Array.from({ length: request.maxTokens }, () => ' end')
    const pieces = request.echo ? [...promptPieces, ...generated] : generated
    const offsets: number[] = []
    const logprobs: (number | null)[] = []
    let text = ''
    for (const [position, piece] of pieces.entries()) {
      offsets.push(text.length)
      const echoed = request.echo && position < promptPieces.length
      logprobs.push(echoed ? (position === 0 ? null : logprobOf(piece, text)) : GENERATED_LOGPROB)
      text += piece
    }
    return {
      index: choice,
      text,
      logprobs: request.logprobs === null ? null : { tokens: pieces, token_logprobs: logprobs, top_logprobs: null, text_offset: offsets },
      finish_reason: 'length',
    }
  })
  const completionTokens = request.prompts.length * request.maxTokens
  return {
    id: `cmpl-fake-${index}`,
    object: 'text_completion',
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices,
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  }
}

// The SDK also allows content as an array of parts; tests only care about the text.
function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('')
}

function imagesOf(content: unknown): string[] {
  if (!Array.isArray(content)) return []
  return content.flatMap((part) =>
    isRecord(part) && part.type === 'image_url' && isRecord(part.image_url) && typeof part.image_url.url === 'string'
      ? [part.image_url.url]
      : [],
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0
}

function countUsage(messages: ChatMessage[], content: string) {
  let prompt = 0
  for (const m of messages) prompt += countWords(m.content)
  const completion = countWords(content)
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion }
}

function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  sendRaw(res, status, JSON.stringify(payload), 'application/json', headers)
}

function sendRaw(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string>): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers })
  res.end(body)
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null,
  headers?: Record<string, string>,
): void {
  sendJson(res, status, { error: { message, type, param: null, code } }, headers)
}

function sendFault(res: ServerResponse, fault: Extract<Fault, { kind: 'status' }>): void {
  const headers: Record<string, string> = { ...fault.headers }
  if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds)
  if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs)
  if (fault.body !== undefined) {
    const type = fault.contentType ?? (looksLikeJson(fault.body) ? 'application/json' : 'text/plain; charset=utf-8')
    return sendRaw(res, fault.status, fault.body, type, headers)
  }
  const type = fault.status === 429 ? 'rate_limit_error' : fault.status >= 500 ? 'server_error' : 'invalid_request_error'
  const code = fault.status === 429 ? 'rate_limit_exceeded' : null
  sendError(res, fault.status, `Injected fault: HTTP ${fault.status}`, type, code, headers)
}

function looksLikeJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

type Usage = ReturnType<typeof countUsage>

const CHUNK = (content: string): string =>
  `data: ${JSON.stringify({ id: 'chatcmpl-hostile', object: 'chat.completion.chunk', created: 0, model: MODEL_ID, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`

/** Headers and the first bytes of a reply, then silence on an open connection. */
function sendStall(res: ServerResponse, stream: boolean): void {
  res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' })
  res.write(stream ? CHUNK('The answer') : '{"id":"chatcmpl-stalled","object":"chat.completion",')
}

/** A reply that keeps coming and never ends, until the client goes away. */
function sendEndless(res: ServerResponse, stream: boolean, gapMs: number): void {
  res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' })
  res.write(stream ? CHUNK('and') : '{"id":"chatcmpl-endless","choices":[')
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(stream ? CHUNK(' and') : ' '.repeat(64))), gapMs)
  res.once('close', () => clearInterval(timer))
}

/** A well-formed reply of about `bytes` bytes: one long answer, streamed in 64 KB chunks or sent whole. */
function sendHuge(res: ServerResponse, stream: boolean, fault: Extract<Fault, { kind: 'huge' }>): void {
  const piece = 'x'.repeat(64 * 1024)
  const pieces = Math.max(1, Math.ceil(fault.bytes / piece.length))
  if (stream) {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    for (let i = 0; i < pieces && !res.destroyed; i++) res.write(CHUNK(piece))
    return void res.end('data: [DONE]\n\n')
  }
  const content = piece.repeat(pieces)
  const body = JSON.stringify({
    id: 'chatcmpl-huge',
    object: 'chat.completion',
    created: 0,
    model: MODEL_ID,
    choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: pieces, total_tokens: pieces + 1 },
  })
  if (!fault.chunked) return sendRaw(res, 200, body, 'application/json', {})
  res.writeHead(200, { 'content-type': 'application/json' })
  for (let at = 0; at < body.length && !res.destroyed; at += piece.length) res.write(body.slice(at, at + piece.length))
  res.end()
}

type Streamed = { id: string; created: number; model: string; content: string; usage: Usage | undefined }

/** Sends a reply as SSE chunks, one word each, `gapMs` apart (all at once when 0); `cut` drops the connection after the first. */
function sendStream(res: ServerResponse, c: Streamed, gapMs: number, timers: Set<NodeJS.Timeout>, cut = false): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  const chunk = (choices: unknown[], extra: object = {}) =>
    `data: ${JSON.stringify({ id: c.id, object: 'chat.completion.chunk', created: c.created, model: c.model, choices, ...extra })}\n\n`
  const words = (c.content.match(/\s*\S+\s*/g) ?? (c.content ? [c.content] : [])).map((piece) =>
    chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]),
  )
  const head = chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }])
  const tail = chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]) + (c.usage ? chunk([], { usage: c.usage }) : '') + 'data: [DONE]\n\n'
  if (cut) {
    res.write(head + (words[0] ?? ''))
    return void setImmediate(() => res.socket?.destroy())
  }
  if (gapMs <= 0) return void res.end(head + words.join('') + tail)
  const parts = [head + (words[0] ?? ''), ...words.slice(1)]
  const next = (): void => {
    if (res.destroyed) return
    const part = parts.shift()
    if (part === undefined) return void res.end(tail)
    res.write(part)
    const timer = setTimeout(() => {
      timers.delete(timer)
      next()
    }, gapMs)
    timers.add(timer)
  }
  next()
}

type ToolCallReply = { id: string; created: number; model: string; calls: { id: string; name: string; arguments: string }[]; usage: Usage }

/** Answers with tool calls and no text; streamed, each call comes as its id and name, then its arguments in two pieces. */
function sendToolCalls(res: ServerResponse, c: ToolCallReply, stream: boolean, includeUsage: boolean): void {
  if (!stream) {
    const calls = c.calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }))
    const message = { role: 'assistant', content: null, tool_calls: calls }
    return sendJson(res, 200, {
      id: c.id,
      object: 'chat.completion',
      created: c.created,
      model: c.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: 'tool_calls' }],
      usage: c.usage,
    })
  }
  const chunk = (choices: unknown[], extra: object = {}) =>
    `data: ${JSON.stringify({ id: c.id, object: 'chat.completion.chunk', created: c.created, model: c.model, choices, ...extra })}\n\n`
  const delta = (toolCall: object) => chunk([{ index: 0, delta: { tool_calls: [toolCall] }, finish_reason: null }])
  const pieces = c.calls.flatMap((call, index) => {
    const half = Math.ceil(call.arguments.length / 2)
    return [
      delta({ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }),
      delta({ index, function: { arguments: call.arguments.slice(0, half) } }),
      delta({ index, function: { arguments: call.arguments.slice(half) } }),
    ]
  })
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  const head = chunk([{ index: 0, delta: { role: 'assistant', content: null }, finish_reason: null }])
  const tail =
    chunk([{ index: 0, delta: {}, finish_reason: 'tool_calls' }]) + (includeUsage ? chunk([], { usage: c.usage }) : '') + 'data: [DONE]\n\n'
  res.end(head + pieces.join('') + tail)
}

/** Closes a test's servers, the fake one and any plain one it started, cutting open connections. */
export async function closeServers(fake: FakeServer | undefined, plain: Server | undefined): Promise<void> {
  await fake?.close()
  plain?.closeAllConnections()
  await new Promise((done) => (plain ? plain.close(done) : done(undefined)))
}
