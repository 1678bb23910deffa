import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'

// Node loads its fetch on first use, about 20 ms of a worker's start before its first request: a run whose replies are
// not streamed never needs it. A process of its own, since this worker's other tests may have loaded it.
const CALLER = fileURLToPath(new URL('./fetch-free-call.ts', import.meta.url))

let server: FakeServer
beforeAll(async () => {
  server = await startFakeServer()
})
afterAll(() => server.close())

it("answers a call that is not streamed without loading Node's fetch", async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', CALLER, server.baseURL], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const code = await new Promise((resolve) => child.on('close', resolve))
  expect(code).toBe(0)
  expect(JSON.parse(out)).toEqual({ text: '7', listed: true, fetchLoaded: false })
  expect(server.requestCount).toBe(1)
})
