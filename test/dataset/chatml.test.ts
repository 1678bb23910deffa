import { describe, expect, it } from 'vitest'
import { datasets } from '../../src/dataset/index.ts'
import { jsonl, rejection, useTempData } from './temp-data.ts'

const data = useTempData()

describe('datasets.chatml', () => {
  it('sends the messages as they are and takes the first answer as the target, other fields as metadata', async () => {
    const path = data.file(
      'chat.jsonl',
      jsonl({
        id: 'c1',
        subset: 'math',
        source: 'book',
        question: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: '2+2?' },
        ],
        answer: ['4'],
      }),
    )
    expect(await datasets.chatml(path).load()).toEqual([
      {
        id: 'c1',
        subset: 'math',
        input: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: '2+2?' },
        ],
        target: '4',
        metadata: { source: 'book' },
      },
    ])
  })

  it('keeps every answer of a multi-turn record in metadata.answers and joins text parts by line breaks', async () => {
    const question = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'First:' },
          { type: 'text', text: '1+1?' },
        ],
      },
      { role: 'assistant', content: '2' },
      { role: 'user', content: 'Then 2+2?' },
    ]
    const [sample] = await datasets.chatml(data.file('turns.jsonl', jsonl({ question, answer: ['2', '4'] }))).load()
    expect(sample).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}$/),
      input: [
        { role: 'user', content: 'First:\n1+1?' },
        { role: 'assistant', content: '2' },
        { role: 'user', content: 'Then 2+2?' },
      ],
      target: '2',
      metadata: { answers: ['2', '4'] },
    })
  })

  it('reports every bad record with the path of the bad field', async () => {
    const path = data.file(
      'chat-bad.jsonl',
      jsonl(
        { question: [{ role: 'user', content: 'ok' }], answer: ['fine'] },
        { question: [{ role: 'user' }], answer: ['x'] },
        { question: [], answer: ['x'] },
        { question: 'plain text', answer: ['x'] },
      ),
    )
    expect(data.shown(await rejection(datasets.chatml(path).load()))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/chat-bad.jsonl:2: question.0.content: missing
      <dir>/chat-bad.jsonl:3: question: must have at least 1 item, found 0
      <dir>/chat-bad.jsonl:4: question: must be a list, received "plain text""
    `)
  })
})
