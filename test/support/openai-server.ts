import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface FakeServerOptions {
  /** Milliseconds to wait before answering each request. @default 0 */
  latencyMs?: number
  /** Decide a reply text from the request; default: deterministic reply derived from the last user message. */
  reply?: (request: { model: string; messages: { role: string; content: string }[] }) => string
  /** Inject a fault for the Nth request (1-based count over all requests) or by predicate; return undefined for a normal reply. */
  fault?: (request: { index: number; model: string; messages: { role: string; content: string }[] }) => Fault | undefined
}

export type Fault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number; body?: string }
  | { kind: 'hang' }
  | { kind: 'reset' }

export interface FakeServer {
  /** e.g. http://127.0.0.1:PORT/v1 — pass as baseURL to the openai SDK */
  readonly baseURL: string
  /** number of chat completion requests received (including faulted ones) */
  readonly requestCount: number
  /** the received request bodies' messages, in arrival order */
  readonly requests: ReadonlyArray<{ model: string; messages: { role: string; content: string }[] }>
  /** change behaviour while running */
  setLatency(ms: number): void
  setFault(fault: FakeServerOptions['fault']): void
  /** closes the server, destroying open (hanging) sockets so it never blocks test exit */
  close(): Promise<void>
}

type ChatMessage = { role: string; content: string }
type ChatRequest = { model: string; messages: ChatMessage[] }

const MODEL_ID = 'fake-model'

export function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  let latencyMs = options.latencyMs ?? 0
  let fault = options.fault
  const reply = options.reply ?? defaultReply
  const requests: ChatRequest[] = []
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
    const { request, stream, includeUsage } = parsed
    requests.push(request)
    const index = requests.length
    const injected = fault?.({ index, ...request })

    if (injected?.kind === 'hang') return
    later(() => {
      if (res.destroyed) return
      if (injected?.kind === 'reset') return void req.socket.destroy()
      if (injected?.kind === 'status') return sendFault(res, injected)
      const content = reply(request)
      const usage = countUsage(request.messages, content)
      const id = `chatcmpl-fake-${index}`
      const created = Math.floor(Date.now() / 1000)
      if (stream) return sendStream(res, { id, created, model: request.model, content, usage: includeUsage ? usage : undefined })
      sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage,
      })
    })
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0]
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      let raw = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => (raw += chunk))
      req.on('end', () => handleChat(req, res, raw))
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

type Parsed = { request: ChatRequest; stream: boolean; includeUsage: boolean }

/** Returns the parsed request, or an error message for a 400. */
function parseChatBody(raw: string): Parsed | string {
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    return 'We could not parse the JSON body of your request.'
  }
  if (!isRecord(body)) return 'Request body must be a JSON object.'
  if (typeof body.model !== 'string') return "Missing required parameter: 'model'."
  if (!Array.isArray(body.messages)) return "Missing required parameter: 'messages'."
  const messages: ChatMessage[] = []
  for (const m of body.messages) {
    if (!isRecord(m) || typeof m.role !== 'string') return "Invalid 'messages': each message needs a string 'role'."
    messages.push({ role: m.role, content: textOf(m.content) })
  }
  const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true
  return { request: { model: body.model, messages }, stream: body.stream === true, includeUsage }
}

// The SDK also allows content as an array of parts; tests only care about the text.
function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('')
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

function sendError(res: ServerResponse, status: number, message: string, type: string, code: string | null, headers?: Record<string, string>): void {
  sendJson(res, status, { error: { message, type, param: null, code } }, headers)
}

function sendFault(res: ServerResponse, fault: Extract<Fault, { kind: 'status' }>): void {
  const headers: Record<string, string> = {}
  if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds)
  if (fault.body !== undefined) {
    const type = looksLikeJson(fault.body) ? 'application/json' : 'text/plain; charset=utf-8'
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

function sendStream(res: ServerResponse, c: { id: string; created: number; model: string; content: string; usage: Usage | undefined }): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  const chunk = (choices: unknown[], extra: object = {}) =>
    `data: ${JSON.stringify({ id: c.id, object: 'chat.completion.chunk', created: c.created, model: c.model, choices, ...extra })}\n\n`
  let out = chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }])
  for (const piece of c.content.match(/\s*\S+\s*/g) ?? (c.content ? [c.content] : [])) {
    out += chunk([{ index: 0, delta: { content: piece }, finish_reason: null }])
  }
  out += chunk([{ index: 0, delta: {}, finish_reason: 'stop' }])
  if (c.usage) out += chunk([], { usage: c.usage })
  res.end(out + 'data: [DONE]\n\n')
}
