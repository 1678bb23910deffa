import { describe, expect, it } from 'vitest'
import { datasets } from '../../src/dataset/index.ts'
import { jsonl, rejection, useTempData } from './temp-data.ts'

// files of about 6 MB, more than is read in one piece, so that records, multi-byte characters and CRLF pairs straddle
// the read chunks
const data = useTempData()
const ROWS = 3000
const padding = 'é'.repeat(1000)

describe('files larger than a read chunk', () => {
  it('reads every JSONL record whole, whatever chunk boundary it straddles', async () => {
    const records = Array.from({ length: ROWS }, (_, index) => ({
      id: `r${index}`,
      question: `${index} ${padding}`,
      answer: String(index),
    }))
    const samples = await datasets.jsonl(data.file('big.jsonl', jsonl(...records))).load()
    expect(samples).toHaveLength(ROWS)
    expect(samples.every((sample, index) => sample.input === `${index} ${padding}` && sample.target === String(index))).toBe(true)
  })

  it('reads a record longer than many read chunks whole, and numbers the lines after it', async () => {
    const long = 'x'.repeat(5_000_000)
    const text = jsonl({ question: 'short', answer: '1' }, { question: long, answer: '2' }, { question: 'after', answer: '3' }) + '{'
    const error = await rejection(datasets.jsonl(data.file('long-line.jsonl', text)).load())
    expect(error.issues.map((issue) => issue.line)).toEqual([4])
    const samples = await datasets.jsonl(data.file('long-line-good.jsonl', text.slice(0, -1))).load()
    expect(samples.map((sample) => [sample.input.length, sample.target])).toEqual([
      [5, '1'],
      [5_000_000, '2'],
      [5, '3'],
    ])
  })

  it('names the exact line of a bad JSONL record deep in the file', async () => {
    const lines = Array.from({ length: ROWS }, (_, index) => JSON.stringify({ question: `${index} ${padding}`, answer: 'a' }))
    lines[2500] = lines[2500]!.slice(0, 300)
    const error = await rejection(datasets.jsonl(data.file('big-bad.jsonl', lines.join('\n'))).load())
    expect(error.issues.map((issue) => issue.line)).toEqual([2501])
  })

  it('reads a CSV with quoted CRLF line breaks in every row and names the line of a short row deep in the file', async () => {
    const rows = Array.from({ length: ROWS }, (_, index) => `${index},"${padding}\r\nsecond line",${index}`)
    rows[2000] = '2000,short'
    const text = `id,question,answer\r\n${rows.join('\r\n')}\r\n`
    const error = await rejection(datasets.csv(data.file('big.csv', text)).load())
    // the header is line 1 and every row before the short one spans two lines
    expect(error.issues).toEqual([{ file: expect.any(String), line: 2 + 2000 * 2, message: 'too few columns: no value for "answer"' }])
    rows[2000] = `2000,"${padding}\r\nsecond line",2000`
    const good = datasets.csv(data.file('big-good.csv', `id,question,answer\r\n${rows.join('\r\n')}\r\n`))
    const samples = await good.load()
    expect(samples).toHaveLength(ROWS)
    expect(samples[2999]).toEqual({ id: '2999', input: `${padding}\r\nsecond line`, target: '2999' })
    expect((await good.loadRecords()).map((record) => record.line).filter((line, index) => line !== 2 + index * 2)).toEqual([])
  })
})
