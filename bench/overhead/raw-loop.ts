import { readFileSync } from 'node:fs'
import OpenAI from 'openai'
import pLimit from 'p-limit'

/** What the raw loop prints as its last stdout line. */
export interface RawLoopResult {
  loopMs: number
  samples: number
  right: number
}

const [dataFile, baseURL, concurrency = '16'] = process.argv.slice(2)
if (dataFile === undefined || baseURL === undefined) throw new Error('usage: raw-loop.ts <data.jsonl> <baseURL> [concurrency]')

const records = readFileSync(dataFile, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { input: string; target: string })
const client = new OpenAI({ apiKey: 'x', baseURL, maxRetries: 0 })
const limit = pLimit(Number(concurrency))

const started = performance.now()
const verdicts = await Promise.all(
  records.map((record) =>
    limit(async () => {
      const completion = await client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content: record.input }] })
      return completion.choices[0]?.message.content === record.target
    }),
  ),
)
const result: RawLoopResult = { loopMs: performance.now() - started, samples: records.length, right: verdicts.filter(Boolean).length }
process.stdout.write(`${JSON.stringify(result)}\n`)
