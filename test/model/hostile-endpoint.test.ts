import { mkdtempSync, readdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, ModelError, models } from '../../src/index.ts'
import { createRecordedModel, loadRecordingStore } from '../../src/model/index.ts'
import { closeServers, startFakeServer, type Fault, type FakeServer } from '../support/openai-server.ts'

// Each endpoint misbehaves in one way; each test asserts what the call does about it, with short timeouts (a
// second: shorter ones misread a loaded machine's pauses as the endpoint's). How long a
// run against such an endpoint takes is measured in bench/stalled-endpoint.ts.

let server: FakeServer | undefined
let other: Server | undefined
afterEach(async () => {
  await closeServers(server, other)
  server = undefined
  other = undefined
})

const ask = [{ role: 'user' as const, content: 'Reply with: 42' }]

async function serve(fault: Fault | undefined): Promise<FakeServer> {
  server = await startFakeServer({ fault: () => fault })
  return server
}

/** The call's error message, with the server's address as HOST; fails the test if the call succeeds. */
async function failure(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ModelError)
  const host = server ? new URL(server.baseURL).host : 'no server'
  return (error as Error).message.split(host).join('HOST')
}

describe('a call is bounded in time, body and stream included', () => {
  it('fails a reply that stalls after its headers, naming the host and how long it went without data', async () => {
    const { baseURL } = await serve({ kind: 'stall' })
    const message = await failure(models.openai({ model: 'fake-model', baseURL, timeoutMs: 1_000 }).generate(ask))
    expect(message).toMatch(
      /^Model "fake-model" failed: timed out after 1\.0 s \(timeoutMs\): no data from HOST for \d\.\d s while reading the reply$/,
    )
    // a stall is not retried: the next attempt would wait as long
    expect(server!.requestCount).toBe(1)
  })

  it('fails a streamed reply that stalls after its first chunk', async () => {
    const { baseURL } = await serve({ kind: 'stall' })
    const message = await failure(models.openai({ model: 'fake-model', baseURL, timeoutMs: 1_000, stream: true }).generate(ask))
    expect(message).toMatch(
      /^Model "fake-model" failed: timed out after 1\.0 s \(timeoutMs\): no data from HOST for \d\.\d s while reading the reply$/,
    )
  })

  it('fails a stream that never ends, and a body that never ends, as still arriving', async () => {
    const { baseURL } = await serve({ kind: 'endless', gapMs: 10 })
    const still =
      'Model "fake-model" failed: timed out after 1.0 s (timeoutMs) while the reply from HOST was still arriving; raise timeoutMs for replies this long'
    expect(await failure(models.openai({ model: 'fake-model', baseURL, timeoutMs: 1_000, stream: true }).generate(ask))).toBe(still)
    expect(await failure(models.openai({ model: 'fake-model', baseURL, timeoutMs: 1_000 }).generate(ask))).toBe(still)
  })

  it('refuses a Retry-After past maxRetryAfterMs at once, naming the wait, with no timer overflow', async () => {
    const warnings: Error[] = []
    const onWarning = (warning: Error): void => void warnings.push(warning)
    process.on('warning', onWarning)
    try {
      const { baseURL } = await serve({ kind: 'status', status: 429, headers: { 'retry-after': '1e9' } })
      const model = models.openai({ model: 'fake-model', baseURL })
      expect(await failure(model.generate(ask))).toBe(
        'Model "fake-model" failed (HTTP 429 from HOST): the endpoint asked to wait 1,000,000,000 s before a retry, longer than maxRetryAfterMs (60 s); raise maxRetryAfterMs to wait that long, or try again later',
      )
      server!.setFault(() => ({ kind: 'status', status: 503, retryAfterSeconds: 1_000_000 }))
      expect(await failure(model.generate(ask))).toMatch(/asked to wait 1,000,000 s before a retry/)
      server!.setFault(() => ({ kind: 'status', status: 503, retryAfterSeconds: 2 }))
      expect(await failure(models.openai({ model: 'fake-model', baseURL, maxRetryAfterMs: 1_000 }).generate(ask))).toMatch(
        /asked to wait 2\.0 s before a retry, longer than maxRetryAfterMs \(1\.0 s\)/,
      )
      expect(server!.requestCount).toBe(3)
      await new Promise((done) => setTimeout(done, 20))
      expect(warnings.filter((warning) => warning.name === 'TimeoutOverflowWarning')).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('refuses limits that Node timers cannot hold', () => {
    expect(() => models.openai({ model: 'm', timeoutMs: 2 ** 31 })).toThrow(ConfigError)
    expect(() => models.openai({ model: 'm', maxRetryAfterMs: 1e12 })).toThrow(ConfigError)
  })
})

describe('a redirect is refused, not followed', () => {
  // a reply that is not streamed is evalsuite's own request, which sees where the redirect led; a streamed one goes
  // through Node's fetch, which, told to refuse redirects, does not say: the request is asked once more for it
  for (const [status, stream, requests] of [
    [301, false, 1],
    [307, false, 1],
    [301, true, 2],
    [307, true, 2],
  ] as const) {
    it(`errors on HTTP ${status} to another host, which never sees a request (${stream ? 'streamed' : 'not streamed'})`, async () => {
      let visits = 0
      other = createServer((_, res) => {
        visits++
        res.end('<html><body>A page, not an answer</body></html>')
      })
      await new Promise<void>((done) => other!.listen(0, '127.0.0.1', done))
      const elsewhere = `127.0.0.1:${(other.address() as AddressInfo).port}`
      const { baseURL } = await serve({ kind: 'redirect', status, location: `http://${elsewhere}/v1/chat/completions` })
      const message = await failure(models.openai({ model: 'fake-model', baseURL, stream }).generate(ask))
      expect(message).toBe(
        `Model "fake-model" failed: the endpoint HOST redirected (HTTP ${status}) to ${elsewhere}; set baseURL to the final address`,
      )
      expect(visits).toBe(0)
      expect(server!.requestCount).toBe(requests)
    })
  }
})

describe('errors say what came back', () => {
  it('an HTML page with status 200: its title, and the likely fix', async () => {
    const page = '<!DOCTYPE html><html><head><title>Welcome to nginx!</title></head><body>...</body></html>'
    const { baseURL } = await serve({ kind: 'status', status: 200, body: page, contentType: 'text/html' })
    expect(await failure(models.openai({ model: 'fake-model', baseURL }).generate(ask))).toBe(
      'Model "fake-model" failed: HOST answered HTTP 200 with an HTML page ("Welcome to nginx!"), not the API\'s JSON: is baseURL the API\'s address, ending in /v1?',
    )
    expect(server!.requestCount).toBe(1)
  })

  it('an HTML error page: the status, its title and the likely fix', async () => {
    const page = '<html><head><title>404 Not Found</title></head><body><center>nginx</center></body></html>'
    const { baseURL } = await serve({ kind: 'status', status: 404, body: page, contentType: 'text/html' })
    expect(await failure(models.openai({ model: 'fake-model', baseURL }).generate(ask))).toBe(
      'Model "fake-model" failed (HTTP 404 from HOST): 404 an HTML page ("404 Not Found"), not the API\'s JSON: is baseURL the API\'s address, ending in /v1?',
    )
  })

  it("invalid JSON: the parser's complaint and the first 200 characters", async () => {
    const { baseURL } = await serve({
      kind: 'status',
      status: 200,
      body: `{"choices": [${'"x", '.repeat(100)}`,
      contentType: 'application/json',
    })
    const message = await failure(models.openai({ model: 'fake-model', baseURL }).generate(ask))
    expect(message).toMatch(/^Model "fake-model" failed: HOST answered with invalid JSON \(.+\): "\{"choices": \["x", "x", /)
    expect(message.slice(message.indexOf(': "') + 3, -2)).toHaveLength(200)
    expect(server!.requestCount).toBe(1)
  })

  it('JSON of another shape: no crash on choices[0], the reply quoted', async () => {
    const { baseURL } = await serve({ kind: 'status', status: 200, body: '{"error":"model not loaded"}' })
    expect(await failure(models.openai({ model: 'fake-model', baseURL }).generate(ask))).toBe(
      'Model "fake-model" returned JSON without a "choices" list: {"error":"model not loaded"}',
    )
  })

  it('a refused connection: host, port and code, and the attempts made', async () => {
    const closed = await startFakeServer()
    const { baseURL } = closed
    await closed.close()
    const host = new URL(baseURL).host
    const once = await models
      .openai({ model: 'fake-model', baseURL, maxRetries: 0 })
      .generate(ask)
      .catch((e: Error) => e.message)
    expect(once).toBe(
      `Model "fake-model" failed: cannot connect to ${host}: connection refused (ECONNREFUSED); is the server running and listening there?`,
    )
    const retried = await models
      .openai({ model: 'fake-model', baseURL, maxRetries: 1 })
      .generate(ask)
      .catch((e: Error) => e.message)
    expect(retried).toMatch(
      /^Model "fake-model" failed after 2 attempts: cannot connect to 127\.0\.0\.1:\d+: connection refused \(ECONNREFUSED\)/,
    )
  })

  it('a 400 and a 401, which are not retried, say nothing of retries', async () => {
    const { baseURL } = await serve({ kind: 'status', status: 400 })
    expect(await failure(models.openai({ model: 'fake-model', baseURL }).generate(ask))).toBe(
      'Model "fake-model" failed (HTTP 400 from HOST): 400 Injected fault: HTTP 400',
    )
    server!.setFault(() => ({ kind: 'status', status: 401 }))
    expect(await failure(models.openai({ model: 'fake-model', baseURL }).generate(ask))).toBe(
      'Model "fake-model" failed (HTTP 401 from HOST): 401 Injected fault: HTTP 401',
    )
    expect(server!.requestCount).toBe(2)
  })
})

describe('a reply has a size limit', () => {
  const tooLarge =
    'Model "fake-model" failed: the reply from HOST passed its size limit of 1,000,000 bytes (maxReplyBytes); raise maxReplyBytes if replies this large are expected'

  it('errors a reply past 1 MB, whether it says its length, is chunked or streamed, and records none of it', async () => {
    const { baseURL } = await serve({ kind: 'huge', bytes: 2_000_000 })
    const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-huge-')), 'huge.jsonl')
    const store = loadRecordingStore(file)
    const recorded = (stream: boolean) => createRecordedModel(models.openai({ model: 'fake-model', baseURL, stream }), store, 'record')
    expect(await failure(recorded(false).generate(ask))).toBe(tooLarge)
    server!.setFault(() => ({ kind: 'huge', bytes: 2_000_000, chunked: true }))
    expect(await failure(recorded(false).generate(ask))).toBe(tooLarge)
    expect(await failure(recorded(true).generate(ask))).toBe(tooLarge)
    expect(server!.requestCount).toBe(3)
    store.save()
    expect(readdirSync(join(file, '..'))).toEqual([])
  })

  it('takes a larger reply when maxReplyBytes allows it', async () => {
    const { baseURL } = await serve({ kind: 'huge', bytes: 2_000_000, chunked: true })
    const output = await models.openai({ model: 'fake-model', baseURL, maxReplyBytes: 3_000_000 }).generate(ask)
    expect(output.text.length).toBeGreaterThanOrEqual(2_000_000)
  })
})
