import { describe, expect, it } from 'vitest'
import { datasets, loadDataFile } from '../../src/dataset/index.ts'
import { rejection, useTempData } from './temp-data.ts'

const data = useTempData()
const tsv = (...rows: string[][]): string => rows.map((row) => row.join('\t')).join('\n') + '\n'
const HEADER = ['id', 'question', 'answer', 'category', 'source', 'explanation', 'notes']

describe('datasets.tsv', () => {
  it('reads tab-separated values, keeping commas and quotes inside a value as text', async () => {
    const path = data.file('full.tsv', tsv(['question', 'answer', 'source'], ['Say "hi", then count to 3', '3', '[{"a": 1}]']))
    expect(await datasets.tsv(path).load()).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{12}$/), input: 'Say "hi", then count to 3', target: '3', metadata: { source: '[{"a": 1}]' } },
    ])
  })

  it('reads the values a row leaves out at its end as absent fields, as EvalScope writes optional columns', async () => {
    const path = data.file(
      'short.tsv',
      tsv(
        HEADER,
        ['1', 'Capital of France?', 'Paris', 'geography'],
        ['2', 'Capital of Italy?', 'Rome', 'geography', 'atlas', 'seen on a map', 'easy'],
      ),
    )
    expect(await datasets.tsv(path).load()).toEqual([
      { id: '1', input: 'Capital of France?', target: 'Paris', metadata: { category: 'geography' } },
      {
        id: '2',
        input: 'Capital of Italy?',
        target: 'Rome',
        metadata: { category: 'geography', source: 'atlas', explanation: 'seen on a map', notes: 'easy' },
      },
    ])
  })

  it('names the file and line of a row with too many values, and of a short row that lacks a required field', async () => {
    const path = data.file('bad.tsv', tsv(['question', 'answer'], ['q1', 'a1', 'extra'], ['q2'], ['q3', 'a3']))
    expect(data.shown(await rejection(datasets.tsv(path).load()))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/bad.tsv:2: too many columns: 3 values for 2 columns (question, answer); put a value holding a tab in double quotes, or add its column to the header
      <dir>/bad.tsv:3: target: missing; map it with the "target" field option or a mapping function"
    `)
  })

  it('reads a headerless file with named columns', async () => {
    const path = data.file('headerless.tsv', tsv(['Capital of France?', 'Paris']))
    const samples = await datasets.tsv(path, { columns: ['question', 'answer'] }).load()
    expect(samples.map(({ input, target }) => ({ input, target }))).toEqual([{ input: 'Capital of France?', target: 'Paris' }])
  })
})

describe('loadDataFile on a .tsv file', () => {
  it('detects plain TSV', async () => {
    const summary = await loadDataFile(data.file('plain.tsv', tsv(HEADER, ['1', 'q', 'a'])))
    expect([summary.format, summary.kind, summary.samples.length]).toEqual(['tsv', 'qa', 1])
  })

  it('reads option columns as multiple choice, a short row having fewer options', async () => {
    const path = data.file(
      'mcq.tsv',
      tsv(
        ['id', 'question', 'answer', 'A', 'B', 'C', 'D'],
        ['1', 'Which is even?', 'B', '3', '4'],
        ['2', 'Which is odd?', 'C', '2', '4', '5', '6'],
      ),
    )
    const summary = await loadDataFile(path)
    expect([summary.format, summary.kind]).toEqual(['opencompass', 'mcq'])
    expect(summary.samples.map(({ choices, target }) => ({ choices, target }))).toEqual([
      { choices: ['3', '4'], target: 'B' },
      { choices: ['2', '4', '5', '6'], target: 'C' },
    ])
  })
})
