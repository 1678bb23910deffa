import { describe, expect, it } from 'vitest'
import { datasets, loadDataFile } from '../../src/dataset/index.ts'
import { matchChoice } from '../../src/scoring/index.ts'
import { jsonl, rejection, useTempData } from './temp-data.ts'

const data = useTempData()
const options = { A: 'Paris', B: 'Tokyo', C: 'Lyon', D: 'Osaka' }

describe('multiple-answer multiple choice', () => {
  it('reads a list of letters, or letters joined by commas, as a list target; one letter stays one', async () => {
    const listed = data.file(
      'listed.jsonl',
      jsonl({ question: 'French cities?', ...options, answer: ['C', 'A'] }, { question: 'Capital of Japan?', ...options, answer: 'B' }),
    )
    const joined = data.file('joined.csv', 'question,A,B,C,D,answer\nFrench cities?,Paris,Tokyo,Lyon,Osaka,"A, C"\n')
    expect((await datasets.opencompass(listed).load()).map((sample) => sample.target)).toEqual([['A', 'C'], 'B'])
    expect((await datasets.evalscope(joined).load()).map((sample) => sample.target)).toEqual([['A', 'C']])
  })

  it('quotes a list answer as a list when one of its letters names no option', async () => {
    const path = data.file(
      'unknown.jsonl',
      jsonl({ question: 'q', ...options, answer: ['A', 'E'] }, { question: 'q', ...options, answer: 'A,F' }),
    )
    expect(data.shown(await rejection(loadDataFile(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/unknown.jsonl:1: answer: "E" (in ["A", "E"]) names no option; the options are A, B, C, D
      <dir>/unknown.jsonl:2: answer: "F" (in "A,F") names no option; the options are A, B, C, D"
    `)
  })

  it('is scored under choice by the set of letters chosen, in any order', async () => {
    const [sample] = await datasets
      .opencompass(data.file('score.jsonl', jsonl({ question: 'French cities?', ...options, answer: ['C', 'A'] })))
      .load()
    const score = (reply: string): boolean => matchChoice(reply, sample!.target!, { choices: sample!.choices! }).pass
    expect([score('ANSWER: C, A'), score('ANSWER: A'), score('ANSWER: A, C, D')]).toEqual([true, false, false])
  })
})
