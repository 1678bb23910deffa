import { createServer, type ServerResponse } from 'node:http'
import { listenOnLoopback } from './loopback.ts'

/** Which provider's rate-limit headers the server speaks. */
export type Dialect = 'openai' | 'anthropic'

/** Per-minute limits the server enforces; each left out is not enforced. */
export interface ServerLimits {
  requests?: number
  /** Input and output tokens together (OpenAI's TPM). */
  tokens?: number
  /** Anthropic's ITPM and OTPM. */
  inputTokens?: number
  outputTokens?: number
}

export interface RateLimitedServerOptions {
  dialect: Dialect
  limits: ServerLimits
  /** Milliseconds before each reply. @default 0 */
  latencyMs?: number
  /** Headers added to every reply, after the server's own (garbage, for tests that send it). */
  extraHeaders?: Record<string, string>
}

export interface RateLimitedServer {
  readonly baseURL: string
  /** Requests answered 200, and refused 429. */
  readonly answered: number
  readonly refused: number
  /** When each request arrived (performance.now()), refused ones included. */
  readonly arrivals: readonly number[]
  close(): Promise<void>
}

// a limit of N a minute, enforced as providers do over short slices: at most a second's worth at once, refilled evenly
class Bucket {
  readonly perMs: number
  readonly size: number
  level: number
  private at = performance.now()
  constructor(readonly perMinute: number) {
    this.perMs = perMinute / 60_000
    this.size = Math.max(1, perMinute / 60)
    this.level = this.size
  }
  refill(): void {
    const now = performance.now()
    this.level = Math.min(this.size, this.level + (now - this.at) * this.perMs)
    this.at = now
  }
  /** Milliseconds until `amount` is there. */
  waitMs(amount: number): number {
    return this.level >= amount ? 0 : (Math.min(amount, this.size) - this.level) / this.perMs
  }
  /** Milliseconds until the bucket is full. */
  resetMs(): number {
    return (this.size - this.level) / this.perMs
  }
}

const words = (text: string): number => text.match(/\S+/g)?.length ?? 0

// Go's duration notation, as OpenAI writes its resets: "20ms", "1s", "6m0s"
function goDuration(ms: number): string {
  if (ms < 1000) return `${Math.ceil(ms)}ms`
  const seconds = Math.ceil(ms / 100) / 10
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${Math.round(seconds % 60)}s`
}

const HEADER_KIND = { requests: 'requests', tokens: 'tokens', inputTokens: 'input-tokens', outputTokens: 'output-tokens' } as const

/**
 * An OpenAI-compatible chat endpoint (not streamed) under rate limits: each reply states them in the dialect's headers,
 * and a request over a limit is refused with 429 and `Retry-After` (whole seconds, rounded up, as HTTP has it) and
 * `retry-after-ms`. Tokens are words: a request's input is counted on arrival, its output when it is answered.
 */
export async function startRateLimitedServer(options: RateLimitedServerOptions): Promise<RateLimitedServer> {
  const buckets = new Map<keyof ServerLimits, Bucket>()
  for (const kind of ['requests', 'tokens', 'inputTokens', 'outputTokens'] as const) {
    const limit = options.limits[kind]
    if (limit !== undefined) buckets.set(kind, new Bucket(limit))
  }
  const arrivals: number[] = []
  let answered = 0
  let refused = 0

  const headers = (): Record<string, string> => {
    const out: Record<string, string> = {}
    for (const [kind, bucket] of buckets) {
      bucket.refill()
      const remaining = String(Math.max(0, Math.floor(bucket.level)))
      const name = HEADER_KIND[kind]
      if (options.dialect === 'openai') {
        if (kind === 'inputTokens' || kind === 'outputTokens') continue
        out[`x-ratelimit-limit-${name}`] = String(bucket.perMinute)
        out[`x-ratelimit-remaining-${name}`] = remaining
        out[`x-ratelimit-reset-${name}`] = goDuration(bucket.resetMs())
      } else {
        out[`anthropic-ratelimit-${name}-limit`] = String(bucket.perMinute)
        out[`anthropic-ratelimit-${name}-remaining`] = remaining
        out[`anthropic-ratelimit-${name}-reset`] = new Date(Date.now() + bucket.resetMs()).toISOString()
      }
    }
    return { ...out, ...options.extraHeaders }
  }

  const send = (res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void => {
    const text = JSON.stringify(body)
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers(), ...extra })
    res.end(text)
  }

  const answer = (res: ServerResponse, raw: string): void => {
    arrivals.push(performance.now())
    let request: { model?: string; messages?: { role: string; content: string }[] }
    try {
      request = JSON.parse(raw) as typeof request
    } catch {
      return send(res, 400, { error: { message: 'invalid JSON', type: 'invalid_request_error' } })
    }
    const prompt = (request.messages ?? []).map((message) => (typeof message.content === 'string' ? message.content : '')).join(' ')
    const input = words(prompt)
    const needs: [keyof ServerLimits, number][] = [
      ['requests', 1],
      ['tokens', input],
      ['inputTokens', input],
      // output is charged when known: a request waits for a bucket that earlier replies overdrew
      ['outputTokens', 1],
    ]
    let wait = 0
    for (const [kind, amount] of needs) {
      const bucket = buckets.get(kind)
      bucket?.refill()
      wait = Math.max(wait, bucket?.waitMs(amount) ?? 0)
    }
    if (wait > 0) {
      refused++
      const retry = { 'retry-after': String(Math.ceil(wait / 1000)), 'retry-after-ms': String(Math.ceil(wait)) }
      return send(
        res,
        429,
        {
          error: {
            message: 'Rate limit reached',
            type: options.dialect === 'openai' ? 'requests' : 'rate_limit_error',
            code: 'rate_limit_exceeded',
          },
        },
        retry,
      )
    }
    for (const [kind, amount] of needs) {
      const bucket = buckets.get(kind)
      if (bucket && kind !== 'outputTokens') bucket.level -= amount
    }
    const last = (request.messages ?? []).findLast((message) => message.role === 'user')?.content ?? ''
    const content = /Reply with:\s*(.*)$/m.exec(last)?.[1]?.trim() ?? 'ok'
    const output = words(content)
    const reply = (): void => {
      if (res.destroyed) return
      for (const kind of ['tokens', 'outputTokens'] as const) {
        const bucket = buckets.get(kind)
        bucket?.refill()
        if (bucket) bucket.level -= output
      }
      answered++
      send(res, 200, {
        id: `chatcmpl-${answered}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.model ?? 'fake-model',
        choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
      })
    }
    if ((options.latencyMs ?? 0) > 0) setTimeout(reply, options.latencyMs)
    else reply()
  }

  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      req.resume()
      return send(res, 404, { error: { message: 'not found' } })
    }
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (raw += chunk))
    req.on('end', () => answer(res, raw))
    req.on('error', () => {})
  })
  server.keepAliveTimeout = 5_000
  const { port, close } = await listenOnLoopback(server)
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    get answered() {
      return answered
    },
    get refused() {
      return refused
    },
    get arrivals() {
      return arrivals
    },
    close,
  }
}
