import { describe, expect, it } from 'vitest'
import { datasets, loadDataFile } from '../../src/dataset/index.ts'
import { jsonl, rejection, useTempData } from './temp-data.ts'

const data = useTempData()
const withoutIds = <T extends { id: string }>(samples: T[]): Omit<T, 'id'>[] => samples.map(({ id: _id, ...rest }) => rest)

describe('EvalScope general QA', () => {
  it('reads query and response, with an optional system message', async () => {
    const path = data.file(
      'qa.jsonl',
      jsonl(
        { query: 'Highest mountain?', response: 'Everest' },
        { system: 'Be brief.', query: 'Longest river?', response: 'The Nile', source: 'atlas' },
      ),
    )
    const summary = await loadDataFile(path)
    expect([summary.format, summary.kind]).toEqual(['evalscope', 'qa'])
    expect(withoutIds(summary.samples)).toEqual([
      { input: 'Highest mountain?', target: 'Everest' },
      {
        input: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Longest river?' },
        ],
        target: 'The Nile',
        metadata: { source: 'atlas' },
      },
    ])
  })

  it('keeps the history turns in order before the query', async () => {
    const path = data.file(
      'history.jsonl',
      jsonl({
        id: 'h1',
        history: [
          ['Name a planet', 'Mars'],
          ['Another', 'Venus'],
        ],
        query: 'Which is larger?',
        response: 'Venus',
      }),
    )
    expect(await datasets.evalscope(path).load()).toEqual([
      {
        id: 'h1',
        input: [
          { role: 'user', content: 'Name a planet' },
          { role: 'assistant', content: 'Mars' },
          { role: 'user', content: 'Another' },
          { role: 'assistant', content: 'Venus' },
          { role: 'user', content: 'Which is larger?' },
        ],
        target: 'Venus',
      },
    ])
  })

  it('reads a messages list as the input', async () => {
    const messages = [
      { role: 'system', content: 'Answer in one word.' },
      { role: 'user', content: 'Capital of Japan?' },
    ]
    const summary = await loadDataFile(data.file('messages.jsonl', jsonl({ messages, response: 'Tokyo' })))
    expect([summary.format, summary.samples.length]).toEqual(['evalscope', 1])
    expect(withoutIds(summary.samples)).toEqual([{ input: messages, target: 'Tokyo' }])
  })

  it('names the file, line and field of each mistake, and the fix', async () => {
    const path = data.file(
      'bad.jsonl',
      jsonl(
        { query: 'q', response: 'a' },
        { query: 'no reference' },
        { messages: [{ role: 'user', content: 'hi' }], query: 'also a query', response: 'a' },
        { history: [['only one']], query: 'q', response: 'a' },
        { response: 'a', messages: [] },
        { system: 's', response: 'a' },
      ),
    )
    expect(data.shown(await rejection(datasets.evalscope(path).load()))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/bad.jsonl:2: response: missing; EvalScope QA takes the reference answer from "response" (or "answer")
      <dir>/bad.jsonl:3: messages: given with "query"; a record holds either "messages" or a query
      <dir>/bad.jsonl:4: history.0: must have at least 2 items, found 1
      <dir>/bad.jsonl:5: messages: must have at least 1 item, found 0
      <dir>/bad.jsonl:6: query: missing; give "query" (or "question"), or a "messages" list"
    `)
  })
})

describe('EvalScope general MCQ', () => {
  it('reads id, question, options and answer from CSV, selected explicitly or detected', async () => {
    const path = data.file(
      'example_val.csv',
      'id,question,A,B,C,D,answer,explanation\n1,Which is even?,3,4,,,B,\n2,Which is odd?,2,4,5,6,C,five\n',
    )
    const samples = await datasets.evalscope(path).load()
    expect(samples.map(({ id, choices, target }) => ({ id, choices, target }))).toEqual([
      { id: '1', choices: ['3', '4'], target: 'B' },
      { id: '2', choices: ['2', '4', '5', '6'], target: 'C' },
    ])
    expect((await loadDataFile(path, { format: 'evalscope' })).kind).toBe('mcq')
  })
})
