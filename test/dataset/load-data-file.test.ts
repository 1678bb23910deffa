import { describe, expect, it } from 'vitest'
import { loadDataFile } from '../../src/dataset/index.ts'
import { jsonl, rejection, useTempData } from './temp-data.ts'

const data = useTempData()
const chat = { question: [{ role: 'user', content: 'hi' }], answer: ['hello'] }

describe('loadDataFile detects the format', () => {
  it.each([
    ['option columns in a CSV header', 'mcq.csv', 'question,A,B,answer\nq,x,y,A\n', 'opencompass', 'mcq'],
    ['option fields in the first JSONL record', 'mcq.jsonl', jsonl({ question: 'q', A: 'x', B: 'y', answer: 'B' }), 'opencompass', 'mcq'],
    ['a question that is a list of messages', 'chat.jsonl', jsonl(chat), 'chatml', 'chatml'],
    ['plain JSONL with a list of choices', 'plain.jsonl', jsonl({ input: 'q', choices: ['x', 'y'], target: 'A' }), 'jsonl', 'mcq'],
    ['plain CSV', 'plain.csv', 'prompt,expected\nq,a\n', 'csv', 'qa'],
    ['a JSON array', 'array.json', JSON.stringify([{ question: 'q', answer: 'a' }]), 'json', 'qa'],
  ])('%s', async (_, name, content, format, kind) => {
    const summary = await loadDataFile(data.file(name, content))
    expect([summary.format, summary.kind]).toEqual([format, kind])
  })

  it('takes a file with a .meta.json beside it for OpenCompass even without option columns', async () => {
    const path = data.file('qa.jsonl', jsonl({ question: 'q', answer: 'a' }))
    data.file('qa.jsonl.meta.json', JSON.stringify({ abbr: 'qa-set' }))
    const summary = await loadDataFile(path)
    expect([summary.format, summary.kind, summary.opencompass?.abbreviation]).toEqual(['opencompass', 'qa', 'qa-set'])
  })

  it('lists the fields seen in any record, in the order first seen', async () => {
    const summary = await loadDataFile(
      data.file('fields.jsonl', jsonl({ question: 'q', answer: 'a' }, { question: 'q2', answer: 'b', level: 2 })),
    )
    expect(summary.fields).toEqual(['question', 'answer', 'level'])
  })

  it('calls samples with and without options "mixed"', async () => {
    const summary = await loadDataFile(
      data.file('mixed.jsonl', jsonl({ input: 'q', choices: ['x', 'y'], target: 'A' }, { input: 'q2', target: 'b' })),
    )
    expect(summary.kind).toBe('mixed')
  })

  it('reads every split of a JSON object of splits, counting each, and names the split of a bad record', async () => {
    const good = data.file(
      'splits.json',
      JSON.stringify({
        train: [{ question: 'q', answer: 'a' }],
        test: [
          { question: 'q', answer: 'a' },
          { question: 'r', answer: 'b' },
        ],
      }),
    )
    const summary = await loadDataFile(good)
    expect(summary.splits).toEqual({ train: 1, test: 2 })
    expect(summary.samples).toHaveLength(3)
    const bad = data.file(
      'splits-bad.json',
      JSON.stringify({ train: [{ question: 'p', answer: 'b' }, { question: 'q' }], test: [{ answer: 'a' }] }),
    )
    expect(data.shown(await rejection(loadDataFile(bad)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/splits-bad.json:1: train[1].target: missing; map it with the "target" field option or a mapping function
      <dir>/splits-bad.json:1: test[0].input: missing; map it with the "input" field option or a mapping function"
    `)
  })

  it('uses the format it is given, and the subset field it is told', async () => {
    const path = data.file('as-jsonl.jsonl', jsonl({ question: 'q', A: 'x', B: 'y', answer: 'A', topic: 'letters' }))
    const summary = await loadDataFile(path, { format: 'jsonl', subset: 'topic' })
    expect(summary.format).toBe('jsonl')
    expect(summary.samples[0]).toMatchObject({ input: 'q', target: 'A', subset: 'letters', metadata: { A: 'x', B: 'y' } })
  })

  it('refuses an extension it has no loader for, and a missing file', async () => {
    expect(data.shown(await rejection(loadDataFile(data.file('data.yaml', 'a: 1'))))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/data.yaml: no loader reads ".yaml" files; evalsuite reads .jsonl, .csv, .tsv and .json"
    `)
    expect((await rejection(loadDataFile('no/such/file.jsonl'))).message.replaceAll(process.cwd(), '<cwd>')).toMatchInlineSnapshot(`
      "Invalid dataset:
      no/such/file.jsonl: file not found (paths are relative to the working directory, <cwd>)"
    `)
  })
})
