import { describe, expect, it } from 'vitest'
import { EndpointFault } from '../../src/model/endpoint-fault.ts'
import { createGuardedFetch } from '../../src/model/guarded-fetch.ts'

// The deadline must hold whatever the transport does with the abort: Node's fetch once went on reading a reply for a
// minute past it, when the event loop was held up while the reply's headers came. These transports ignore the abort.

const TIMEOUT_MS = 200
const URL_OF = 'http://127.0.0.1:9/v1/chat/completions'

interface Transport {
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>
  /** Whether the guarded fetch gave up the body. */
  cancelled: boolean
}

// answers (after `delayMs`, whatever the signal says) with headers, then a few bytes every 10 ms, forever
function endless(contentType: string, delayMs = 0): Transport {
  const transport: Transport = {
    cancelled: false,
    fetch: async () => {
      await new Promise((done) => setTimeout(done, delayMs))
      const body = new ReadableStream<Uint8Array>({
        pull: (controller) =>
          new Promise<void>((done) =>
            setTimeout(() => {
              if (!transport.cancelled) controller.enqueue(new TextEncoder().encode(' and'))
              done()
            }, 10),
          ),
        cancel: () => {
          transport.cancelled = true
        },
      })
      return new Response(body, { status: 200, headers: { 'content-type': contentType } })
    },
  }
  return transport
}

const guarded = (transport: Transport) =>
  createGuardedFetch({ timeoutMs: TIMEOUT_MS, maxBytes: 1_000_000, baseURL: 'http://127.0.0.1:9/v1' }, transport.fetch)

// how the call ended, and how long after it started
async function ending(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now()
  const error = await call().then(
    () => new Error('the reply was read to its end'),
    (e: unknown) => e,
  )
  return { error, ms: performance.now() - started }
}

async function readAll(response: Response): Promise<void> {
  const reader = response.body!.getReader()
  for (;;) if ((await reader.read()).done) return
}

describe('the deadline of a call, when the transport ignores its abort', () => {
  it('ends a streamed reply that never ends, with the deadline fault, and gives up its body', async () => {
    const transport = endless('text/event-stream')
    const { error, ms } = await ending(async () => readAll(await guarded(transport)(URL_OF, { method: 'POST' })))
    expect(error).toBeInstanceOf(EndpointFault)
    expect((error as Error).message).toMatch(/^timed out after 0\.2 s \(timeoutMs\).*127\.0\.0\.1:9/)
    expect(ms).toBeLessThan(TIMEOUT_MS + 2_000)
    expect(transport.cancelled).toBe(true)
  })

  it('ends a JSON reply that never ends, read whole before the SDK sees it', async () => {
    const transport = endless('application/json')
    const { error, ms } = await ending(() => guarded(transport)(URL_OF, { method: 'POST' }))
    expect(error).toBeInstanceOf(EndpointFault)
    expect((error as Error).message).toMatch(/^timed out after 0\.2 s \(timeoutMs\).*127\.0\.0\.1:9/)
    expect(ms).toBeLessThan(TIMEOUT_MS + 2_000)
    expect(transport.cancelled).toBe(true)
  })

  it('does not start reading a reply whose headers were taken after the deadline', async () => {
    const transport = endless('text/event-stream', TIMEOUT_MS + 100)
    const { error } = await ending(async () => readAll(await guarded(transport)(URL_OF, { method: 'POST' })))
    expect((error as Error).message).toBe(
      'timed out after 0.2 s (timeoutMs) with no answer from 127.0.0.1:9; raise timeoutMs if the model is this slow',
    )
    expect(transport.cancelled).toBe(true)
  })
})
