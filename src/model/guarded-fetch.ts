import type OpenAI from 'openai'
import { AttemptState } from './attempt-state.ts'
import type { EndpointFault } from './endpoint-fault.ts'
import { connectionCode, endpointFaults, type Progress } from './endpoint-faults.ts'
import { replyText } from './reply-text.ts'
import { errorMessage } from '../errors.ts'

type FetchOptions = NonNullable<OpenAI.RequestOptions['fetchOptions']>

// the SDK hands each request's `fetchOptions` on to fetch, so they carry the attempt's state to it
const ATTEMPT = Symbol('evalsuite attempt')

/** The SDK request options (`fetchOptions`) that tie a request to its attempt's state. */
export function attemptFetchOptions(state: AttemptState): FetchOptions {
  const init = { redirect: 'manual' as const, [ATTEMPT]: state }
  return init
}

function stateOf(init: RequestInit | undefined): AttemptState | undefined {
  const state: unknown = init !== undefined && ATTEMPT in init ? init[ATTEMPT] : undefined
  return state instanceof AttemptState ? state : undefined
}

/** How the guarded fetch treats every request to one endpoint. */
export interface GuardedFetchOptions {
  /** The time an attempt may take, from sending the request to the reply's last byte, in ms. */
  timeoutMs: number
  /** The reply size limit of a request that brings no state of its own. */
  maxBytes: number
  /** The endpoint's base URL, which messages name by host. */
  baseURL: string
}

const ignore = (): undefined => undefined

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

// Node's fetch copies every request, its body as a stream and that stream's tee, so that it can follow a redirect,
// unless the request has no window and refuses redirects: about 0.08 ms of CPU a call, a tenth of a live sample's
// cost in all. A redirect is then an error ("unexpected redirect"), asked again below to report where it led.
const WITHOUT_BODY_COPY = { redirect: 'error', window: null } as const satisfies RequestInit

const isRefusedRedirect = (error: unknown): boolean =>
  error instanceof TypeError && error.cause instanceof Error && error.cause.message === 'unexpected redirect'

/**
 * A fetch for the SDK that bounds what an endpoint can do to a call: the attempt's deadline runs to the reply's last
 * byte (the SDK's own stops at the headers, so a stalled body or an endless stream held a sample until the test's
 * timeout), redirects are refused (fetch would follow them to another host, turning the POST into a GET whose page
 * was scored as the answer), the body may not pass its size limit, a successful reply must be JSON or a stream, and
 * each failure is an `EndpointFault` that names the host.
 */
export function createGuardedFetch(options: GuardedFetchOptions, fetchImpl: Fetch = fetch): Fetch {
  const builtIn = fetchImpl === globalThis.fetch
  const faults = endpointFaults(options.baseURL, options.timeoutMs)
  // fetch's error says only "fetch failed": what happened is its cause
  const lost = (error: unknown, reading: boolean): EndpointFault =>
    faults.lost(connectionCode(error instanceof Error ? error.cause : undefined) ?? errorMessage(error), reading)

  return async (input, init) => {
    const state = stateOf(init) ?? new AttemptState(options.maxBytes)
    const caller = init?.signal ?? undefined
    const controller = new AbortController()
    const progress: Progress = {}
    const timer = setTimeout(() => {
      const fault = (state.fault ??= faults.late(progress))
      controller.abort(fault)
      progress.expire?.(fault)
    }, options.timeoutMs)
    const forward = (): void => controller.abort(caller?.reason)
    caller?.addEventListener('abort', forward, { once: true })
    if (caller?.aborted) forward()
    const done = (): void => {
      clearTimeout(timer)
      caller?.removeEventListener('abort', forward)
    }
    // a failure of our own (deadline, size) is already the state's fault; the caller's abort is the SDK's to report
    const failure = (error: unknown, reading: boolean): unknown => {
      done()
      return caller?.aborted ? error : (state.fault ??= lost(error, reading))
    }

    let response: Response
    try {
      const signal = controller.signal
      if (!builtIn) response = await fetchImpl(input, { ...init, signal, redirect: 'manual' })
      else {
        try {
          response = await fetchImpl(input, { ...init, signal, ...WITHOUT_BODY_COPY })
        } catch (error) {
          // a redirect refused this way does not say where it pointed: the request is asked again to learn it (an
          // endpoint that redirects did not answer the first; a body that was a stream is gone, and the error stands)
          if (!isRefusedRedirect(error) || typeof init?.body !== 'string') throw error
          response = await fetchImpl(input, { ...init, signal, redirect: 'manual' })
        }
      }
    } catch (error) {
      throw failure(error, false)
    }
    // a reply not to be read: its body is given up, and the call ends with the fault
    const refuse = (fault: EndpointFault): EndpointFault => {
      done()
      void response.body?.cancel().catch(ignore)
      return fault
    }
    // the deadline passed while the reply waited to be taken: it is not read
    if (state.fault !== undefined) throw refuse(state.fault)
    progress.headersAt = performance.now()
    const { status, headers } = response
    state.headers = headers
    const location = status >= 300 && status < 400 ? headers.get('location') : null
    const length = Number(headers.get('content-length') ?? 0)
    if (location !== null || length > state.maxBytes)
      throw (state.fault = refuse(location !== null ? faults.redirected(status, location) : faults.tooLarge(state.maxBytes)))
    const type = headers.get('content-type') ?? ''
    if (response.ok && response.body !== null && type.startsWith('text/event-stream')) {
      const stream = guardedStream(
        response.body,
        state,
        progress,
        done,
        () => faults.tooLarge(state.maxBytes),
        (error) => failure(error, true),
      )
      return new Response(stream, { status, statusText: response.statusText, headers })
    }
    // the whole reply is read here, under the deadline and the size limit, before the SDK parses it
    let text: string
    try {
      text = await readText(response.body, state, progress, () => faults.tooLarge(state.maxBytes))
    } catch (error) {
      throw failure(error, true)
    }
    done()
    if (response.ok) {
      const notJson = faults.notJson(status, type, text)
      if (notJson !== undefined) throw (state.fault = notJson)
      state.text = text
      // some servers label their JSON text/plain, and the SDK parses only what is labelled JSON
      if (!/application\/json|\+json/.test(type)) {
        const labelled = new Headers(headers)
        labelled.set('content-type', 'application/json')
        return new Response(text, { status, statusText: response.statusText, headers: labelled })
      }
    }
    // the SDK reads the body through these two methods; answering them from the text read above costs a tenth of
    // handing it a new Response, which would stream the text again (assigned, as defining them cost twice as much)
    const read = text
    const answered = response as Omit<Response, 'text' | 'json'> & { text(): Promise<string>; json(): Promise<unknown> }
    answered.text = async () => read
    answered.json = async () => JSON.parse(read) as unknown
    return response
  }
}

async function readText(
  body: ReadableStream<Uint8Array> | null,
  state: AttemptState,
  progress: Progress,
  tooLarge: () => EndpointFault,
): Promise<string> {
  if (body === null) return ''
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let bytes = 0
  let expired: EndpointFault | undefined
  // a cancelled reader's pending read ends as if the body had: the fault is checked first
  progress.expire = (fault) => {
    expired = fault
    void reader.cancel(fault).catch(ignore)
  }
  for (;;) {
    const { done, value } = await reader.read()
    if (expired) throw expired
    if (done) return replyText(chunks, bytes)
    bytes += value.byteLength
    if (bytes > state.maxBytes) {
      void reader.cancel().catch(ignore)
      throw (state.fault = tooLarge())
    }
    progress.dataAt = performance.now()
    chunks.push(value)
  }
}

/** A streamed reply passed on chunk by chunk, under the size limit; the deadline runs until it ends. */
function guardedStream(
  body: ReadableStream<Uint8Array>,
  state: AttemptState,
  progress: Progress,
  done: () => void,
  tooLarge: () => EndpointFault,
  failure: (error: unknown) => unknown,
): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  let bytes = 0
  let expired = false
  return new ReadableStream<Uint8Array>({
    start(controller) {
      progress.expire = (fault) => {
        expired = true
        // the caller's abort no longer has a fetch to end: its listener goes, as at any other end of the reply
        done()
        void reader.cancel(fault).catch(ignore)
        controller.error(fault)
      }
    },
    async pull(controller) {
      let chunk
      try {
        chunk = await reader.read()
      } catch (error) {
        if (!expired) controller.error(failure(error))
        return
      }
      // the stream already ended with the deadline's fault
      if (expired) return
      if (chunk.done) {
        done()
        controller.close()
        return
      }
      bytes += chunk.value.byteLength
      if (bytes > state.maxBytes) {
        done()
        void reader.cancel().catch(ignore)
        controller.error((state.fault = tooLarge()))
        return
      }
      progress.dataAt = performance.now()
      controller.enqueue(chunk.value)
    },
    cancel(reason) {
      done()
      return reader.cancel(reason)
    },
  })
}
