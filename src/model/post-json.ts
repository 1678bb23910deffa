import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http'
import { createRequire } from 'node:module'
import type { Readable, Transform } from 'node:stream'
import { errorMessage } from '../errors.ts'
import type { AttemptState } from './attempt-state.ts'
import type { EndpointFault } from './endpoint-fault.ts'
import { connectionCode, endpointFaults, type Progress } from './endpoint-faults.ts'
import { EndpointStatusError } from './endpoint-status-error.ts'
import { replyText } from './reply-text.ts'

/** Where one kind of JSON request goes, and how long an attempt may take. */
export interface JsonEndpointOptions {
  /** The endpoint's base URL, which messages name by host. */
  baseURL: string
  /** The request's path below the base URL (`chat/completions`). */
  path: string
  /** The headers every request sends. */
  headers: Readonly<Record<string, string>>
  /** The time an attempt may take, from sending the request to the reply's last byte, in ms. */
  timeoutMs: number
}

/** An endpoint that takes JSON requests: each `post` one attempt, under its state's limits. */
export interface JsonEndpoint {
  /**
   * POSTs `body` and reads the JSON reply. An error reply fails as an `EndpointStatusError`, the caller's abort with its
   * reason; what went wrong with the connection, the deadline or the reply's size is also the state's `fault`.
   */
  post(body: unknown, attempt: { signal?: AbortSignal | undefined; state: AttemptState }): Promise<unknown>
}

/**
 * The headers the `openai` SDK sends that an endpoint acts on: the key, the body's type, and the organization and
 * project it reads from the environment.
 */
export function jsonHeaders(apiKey: string): Record<string, string> {
  const organization = process.env.OPENAI_ORG_ID
  const project = process.env.OPENAI_PROJECT_ID
  return {
    accept: 'application/json',
    'content-type': 'application/json',
    authorization: `Bearer ${apiKey}`,
    ...(organization ? { 'openai-organization': organization } : {}),
    ...(project ? { 'openai-project': project } : {}),
  }
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

type Send = (url: URL, options: RequestOptions, answer: (reply: IncomingMessage) => void) => ClientRequest

// required, not imported: Node 22 builds the ES module view of node:http by reading every export, fetch's WebSocket
// classes among them, which loads its fetch (about 20 ms of a worker's start) for a run that never uses it
const load = createRequire(import.meta.url)

// https is loaded with the first request to an https endpoint: a run against a local server never needs it
function transport(url: URL): { send: Send; agent: Agent } {
  if (url.protocol === 'http:') {
    const http: typeof import('node:http') = load('node:http')
    return { send: http.request, agent: new http.Agent({ keepAlive: true }) }
  }
  if (url.protocol !== 'https:') throw new Error(`unsupported protocol ${url.protocol} in ${url.origin}`)
  const https: typeof import('node:https') = load('node:https')
  return { send: https.request, agent: new https.Agent({ keepAlive: true }) }
}

// a reply compressed although the request did not ask for it is read decompressed, as fetch would, its size counted
// after decompression; node:zlib is loaded with the first such reply, which most endpoints never send
const DECODERS = new Map<string, (zlib: typeof import('node:zlib')) => Transform>([
  ['gzip', (zlib) => zlib.createGunzip()],
  ['x-gzip', (zlib) => zlib.createGunzip()],
  ['deflate', (zlib) => zlib.createInflate()],
  ['br', (zlib) => zlib.createBrotliDecompress()],
])

function decodedBody(reply: IncomingMessage): Readable {
  const encoding = (reply.headers['content-encoding'] ?? '').trim().toLowerCase()
  const decoder = DECODERS.get(encoding)?.(load('node:zlib'))
  if (decoder === undefined) return reply
  reply.on('error', (error) => decoder.destroy(error))
  return reply.pipe(decoder)
}

/**
 * Opens a JSON endpoint. Each request goes out through node:http (or https) on kept-alive connections, with the guards
 * of the guarded fetch (see `createGuardedFetch`): the deadline runs to the reply's last byte, redirects are refused,
 * the body may not pass its size limit, a successful reply must be JSON, and each failure is an `EndpointFault` that
 * names the host. Not fetch, and not the `openai` SDK, for the one request every sample makes: fetch cost a worker
 * about 20 ms to load before its first call and a fifth more CPU a call (bench/README.md), and loading the SDK about
 * 0.1 s of CPU, its request pipeline rebuilding the headers and formatting each request for a logger that is off.
 */
export function jsonEndpoint(options: JsonEndpointOptions): JsonEndpoint {
  // joined as the SDK joins a base URL and a path: one slash between them
  const url = new URL(`${options.baseURL.replace(/\/$/, '')}/${options.path}`)
  const faults = endpointFaults(options.baseURL, options.timeoutMs)
  let opened: { send: Send; agent: Agent } | undefined

  const post = (send: Send, agent: Agent, body: string, signal: AbortSignal | undefined, state: AttemptState): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const progress: Progress = {}
      let answered = false
      let ended = false
      const settle = (): boolean => {
        if (ended) return false
        ended = true
        clearTimeout(timer)
        signal?.removeEventListener('abort', cancel)
        return true
      }
      // nothing more is read of a reply given up: its connection is closed rather than kept for the next request
      const giveUp = (error: unknown): void => {
        if (!settle()) return
        reject(error)
        request.destroy()
      }
      // a failure of our own (deadline, size, connection) is the state's fault, which outranks the error made of it
      const fail = (fault: EndpointFault): void => {
        if (!ended) giveUp((state.fault ??= fault))
      }
      const cancel = (): void => giveUp(signal?.reason)
      const lost = (error: unknown): void => fail(faults.lost(connectionCode(error) ?? errorMessage(error), answered))

      const request = send(
        url,
        { method: 'POST', agent, headers: { ...options.headers, 'content-length': Buffer.byteLength(body) } },
        (reply) => {
          answered = true
          progress.headersAt = performance.now()
          const status = reply.statusCode ?? 0
          const { headers } = reply
          state.headers = headers
          const location = status >= 300 && status < 400 ? headers.location : undefined
          if (location !== undefined) return fail(faults.redirected(status, location))
          if (Number(headers['content-length'] ?? 0) > state.maxBytes) return fail(faults.tooLarge(state.maxBytes))
          const chunks: Buffer[] = []
          let bytes = 0
          const content = decodedBody(reply)
          content.on('data', (chunk: Buffer) => {
            bytes += chunk.byteLength
            if (bytes > state.maxBytes) return fail(faults.tooLarge(state.maxBytes))
            progress.dataAt = performance.now()
            chunks.push(chunk)
          })
          content.on('error', lost)
          content.on('end', () => {
            if (ended) return
            const text = replyText(chunks, bytes)
            if (status < 200 || status > 299) {
              if (settle()) reject(EndpointStatusError.of(status, parsedOrUndefined(text), text, headers))
              return
            }
            const notJson = faults.notJson(status, headers['content-type'] ?? '', text)
            if (notJson !== undefined) return fail(notJson)
            state.text = text
            if (!settle()) return
            try {
              resolve(JSON.parse(text))
            } catch (error) {
              reject(error)
            }
          })
        },
      )
      const timer = setTimeout(() => fail(faults.late(progress)), options.timeoutMs)
      signal?.addEventListener('abort', cancel, { once: true })
      request.on('error', lost)
      request.end(body)
    })

  return {
    async post(body, { signal, state }) {
      signal?.throwIfAborted()
      const { send, agent } = (opened ??= transport(url))
      return post(send, agent, JSON.stringify(body), signal, state)
    },
  }
}
