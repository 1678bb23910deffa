import { readFileSync } from 'node:fs'
import OpenAI from 'openai'
import pLimit from 'p-limit'

/** What the raw loop prints as its last stdout line. */
export interface RawLoopResult {
  loopMs: number
  samples: number
  right: number
}

const [dataFile, baseURL, concurrency = '8'] = process.argv.slice(2)
if (dataFile === undefined || baseURL === undefined) throw new Error('usage: raw-loop.ts <data.jsonl> <baseURL> [concurrency]')

const records = readFileSync(dataFile, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { input: string; target: string })
// the SDK's own retries wait out a 429's retry-after-ms / Retry-After
const client = new OpenAI({ apiKey: 'x', baseURL, maxRetries: 10 })
const limit = pLimit(Number(concurrency))

// what a careful hand-written loop does with the headers: when a reply says a limit is used up, every request waits
// for its reset (OpenAI's as a duration such as "1s" or "6m0s", Anthropic's as a time)
let pausedUntil = 0
const resetMs = (value: string): number => {
  if (/^\d{4}-/.test(value)) return Date.parse(value) - Date.now()
  let total = 0
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g))
    total += Number(amount) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as 'ms']!
  return total
}
const obey = (headers: Headers): void => {
  for (const [remaining, reset] of [
    ['x-ratelimit-remaining-requests', 'x-ratelimit-reset-requests'],
    ['x-ratelimit-remaining-tokens', 'x-ratelimit-reset-tokens'],
    ['anthropic-ratelimit-requests-remaining', 'anthropic-ratelimit-requests-reset'],
    ['anthropic-ratelimit-tokens-remaining', 'anthropic-ratelimit-tokens-reset'],
    ['anthropic-ratelimit-input-tokens-remaining', 'anthropic-ratelimit-input-tokens-reset'],
    ['anthropic-ratelimit-output-tokens-remaining', 'anthropic-ratelimit-output-tokens-reset'],
  ] as const) {
    const left = headers.get(remaining)
    const at = headers.get(reset)
    if (left !== null && at !== null && Number(left) <= 0) pausedUntil = Math.max(pausedUntil, performance.now() + resetMs(at))
  }
}

const started = performance.now()
const verdicts = await Promise.all(
  records.map((record) =>
    limit(async () => {
      const wait = pausedUntil - performance.now()
      if (wait > 0) await new Promise((done) => setTimeout(done, wait))
      const { data, response } = await client.chat.completions
        .create({ model: 'fake-model', messages: [{ role: 'user', content: record.input }] })
        .withResponse()
      obey(response.headers)
      return data.choices[0]?.message.content === record.target
    }),
  ),
)
const result: RawLoopResult = { loopMs: performance.now() - started, samples: records.length, right: verdicts.filter(Boolean).length }
process.stdout.write(`${JSON.stringify(result)}\n`)
