import { describe, expect, it } from 'vitest'
import { MMLU_PRO_CATEGORIES, mmluPro } from '../../src/benchmarks/index.ts'
import { matchAnswer } from '../../src/scoring/index.ts'
import { countBySubset, prepareBuiltin } from './prepare-builtin.ts'
import { contentText } from '../../src/schema/index.ts'

// a slice of the real test split: its first and last questions, every category and number of options, and more
const path = 'fixtures/real/mmlu_pro/test.jsonl'
const VALIDATION = 'fixtures/benchmark/mmlu-pro-validation.jsonl'

describe('mmlu_pro on real test questions', () => {
  it('loads the questions, ids from question_id, in the 14 category subsets', async () => {
    const prepared = await prepareBuiltin(mmluPro({ path }))
    expect(prepared.planned).toHaveLength(294)
    expect(countBySubset(prepared)).toEqual({
      biology: 12,
      business: 20,
      chemistry: 25,
      'computer science': 9,
      economics: 27,
      engineering: 25,
      health: 16,
      history: 15,
      law: 24,
      math: 38,
      other: 24,
      philosophy: 12,
      physics: 34,
      psychology: 13,
    })
    expect(Object.keys(countBySubset(prepared)).sort()).toEqual([...MMLU_PRO_CATEGORIES])
    const sizes = new Set(prepared.planned.map(({ sample }) => sample.choices?.length))
    expect(Math.max(...(sizes as Set<number>))).toBe(10)
  })

  it('sends the first question zero-shot, as the exact message', async () => {
    const { planned, messagesOf } = await prepareBuiltin(mmluPro({ path }))
    const first = planned[0]!.sample
    expect(first).toMatchObject({ id: '70', target: 'I', subset: 'business' })
    expect(messagesOf(first)).toEqual([
      {
        role: 'user',
        content:
          'Answer the following multiple-choice question about business. Think it through step by step, then end your reply with "The answer is (X)", where X is the letter of the correct option.\n\n' +
          'Typical advertising regulatory bodies suggest, for example that adverts must not: encourage _________, cause unnecessary ________ or _____, and must not cause _______ offence.\n\n' +
          'A. Safe practices, Fear, Jealousy, Trivial\nB. Unsafe practices, Distress, Joy, Trivial\nC. Safe practices, Wants, Jealousy, Trivial\n' +
          'D. Safe practices, Distress, Fear, Trivial\nE. Unsafe practices, Wants, Jealousy, Serious\nF. Safe practices, Distress, Jealousy, Serious\n' +
          'G. Safe practices, Wants, Fear, Serious\nH. Unsafe practices, Wants, Fear, Trivial\nI. Unsafe practices, Distress, Fear, Serious',
      },
    ])
  })

  it('puts worked examples of the same category from the validation file before the question', async () => {
    const { planned, messagesOf } = await prepareBuiltin(mmluPro({ path, fewShotPath: VALIDATION, fewShot: 2 }), { subset: ['physics'] })
    expect(planned).toHaveLength(34)
    const content = contentText(messagesOf(planned[0]!.sample)[0]!.content)
    expect(content.slice(0, content.indexOf('Answer the following'))).toBe(
      'Here are solved questions about physics:\n\n' +
        'A train covers 120 km in 2 hours. What is its average speed?\n\nA. 40 km/h\nB. 60 km/h\nC. 80 km/h\nD. 120 km/h\n' +
        "Let's think step by step. Average speed is distance over time: 120 km / 2 h = 60 km/h. The answer is (B).\n\n" +
        'Which quantity is measured in newtons?\n\nA. energy\nB. power\nC. force\nD. mass\n' +
        "Let's think step by step. The newton is the SI unit of force. The answer is (C).\n\n",
    )
  })

  it('asks for five examples by default with a validation file, and fails for a category that has fewer', async () => {
    await expect(prepareBuiltin(mmluPro({ path, fewShotPath: VALIDATION }), { subset: ['math'] })).rejects.toThrow(
      '5 few-shot examples per sample are asked for, but subset "math" offers 1.',
    )
  })
})

describe('mmlu_pro scoring', () => {
  it('reads replies as the official script does: the first "answer is (X)"', () => {
    const options = mmluPro({ path }).answer
    expect(options).toEqual({ kind: 'choice', protocol: 'mmlu-pro' })
    const choices = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']
    const read = (reply: string) => matchAnswer(reply, 'I', options?.kind === 'choice' ? { ...options, choices } : {})
    expect(read('Reasoning... The answer is (I).')).toMatchObject({ pass: true, extracted: 'I' })
    expect(read('Answer: I')).toMatchObject({ pass: true, extracted: 'I' })
    expect(read('The answer is (E). No wait, the answer is (I).')).toMatchObject({ pass: false, extracted: 'E' })
  })
})
