import { describe, expect, it } from 'vitest'
import { datasets, loadDataFile } from '../../src/dataset/index.ts'
import { jsonl, rejection, useTempData } from './temp-data.ts'

const data = useTempData()

describe('reference-free samples', () => {
  it('loads EvalScope arena-style questions, every row a sample without a target', async () => {
    const path = data.file(
      'arena.jsonl',
      jsonl(
        { query: 'Write a haiku.' },
        { system: 'Be kind.', query: 'Cheer me up.' },
        { messages: [{ role: 'user', content: 'Tell a joke.' }] },
      ),
    )
    const samples = await datasets.evalscope(path).load()
    expect(samples.map((sample) => [sample.input, sample.target])).toEqual([
      ['Write a haiku.', undefined],
      [
        [
          { role: 'system', content: 'Be kind.' },
          { role: 'user', content: 'Cheer me up.' },
        ],
        undefined,
      ],
      [[{ role: 'user', content: 'Tell a joke.' }], undefined],
    ])
  })

  it('loads question answering without an answer column, in plain and OpenCompass files', async () => {
    const plain = await loadDataFile(data.file('open.csv', 'question\nWrite a haiku.\nName a colour.\n'))
    expect([plain.format, plain.samples.length, plain.samples.every((sample) => sample.target === undefined)]).toEqual(['csv', 2, true])
    const meta = data.file('open-oc.jsonl', jsonl({ question: 'Write a haiku.' }))
    data.file('open-oc.jsonl.meta.json', JSON.stringify({ data_type: 'qa' }))
    const opencompass = await loadDataFile(meta)
    expect([opencompass.format, opencompass.samples.length, opencompass.samples[0]!.target]).toEqual(['opencompass', 1, undefined])
  })

  it('refuses a record without an answer in a file whose other records have one, naming its line and field', async () => {
    const evalscope = data.file('gap.jsonl', jsonl({ query: 'q1', response: 'a1' }, { query: 'q2' }))
    const opencompass = data.file('gap.csv', 'question,answer\nq1,a1\nq2,\n')
    const plain = data.file('gap-plain.jsonl', jsonl({ input: 'q1', target: 'a1' }, { input: 'q2' }))
    expect(data.shown(await rejection(datasets.evalscope(evalscope).load()))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/gap.jsonl:2: response: missing; EvalScope QA takes the reference answer from "response" (or "answer")"
    `)
    expect(data.shown(await rejection(datasets.opencompass(opencompass).load()))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/gap.csv:3: answer: missing"
    `)
    expect(data.shown(await rejection(datasets.jsonl(plain).load()))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/gap-plain.jsonl:2: target: missing; map it with the "target" field option or a mapping function"
    `)
  })

  it('still refuses a multiple-choice question without an answer', async () => {
    const path = data.file('mcq-gap.jsonl', jsonl({ question: 'Even?', A: '3', B: '4' }))
    expect(data.shown(await rejection(datasets.opencompass(path).load()))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/mcq-gap.jsonl:1: no "answer" column for the answers (the columns are question, A, B); add it, or name the answer column with "output_column" in mcq-gap.jsonl.meta.json"
    `)
  })
})
