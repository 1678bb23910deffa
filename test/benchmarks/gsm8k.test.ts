import { describe, expect, it } from 'vitest'
import { gsm8k } from '../../src/benchmarks/index.ts'
import { prepareBuiltin } from './prepare-builtin.ts'
import { contentText } from '../../src/schema/index.ts'

// a slice of the real test split: its first problems, every gold written with thousands separators, and more
const path = 'fixtures/real/gsm8k/test.jsonl'

describe('gsm8k on real test problems', () => {
  it('loads every problem with a plain-number target, thousands separators removed', async () => {
    const { planned } = await prepareBuiltin(gsm8k({ path }))
    expect(planned).toHaveLength(99)
    for (const { sample } of planned) expect(sample.target).toMatch(/^-?\d+(\.\d+)?$/)
    const separated = planned.filter(({ sample }) => Number(sample.target) >= 1000)
    expect(separated.map(({ sample }) => sample.target)).toContain('1450000')
  })

  it('sends the first problem with its instructions, as the exact message', async () => {
    const { planned, messagesOf } = await prepareBuiltin(gsm8k({ path }))
    const first = planned[0]!.sample
    expect(first.target).toBe('18')
    expect(messagesOf(first)).toEqual([
      {
        role: 'user',
        content:
          'Solve the following math word problem. Work it out step by step, then give the final answer as a plain number on the last line, written as "ANSWER: <number>".\n\n' +
          "Janet’s ducks lay 16 eggs per day. She eats three for breakfast every morning and bakes muffins for her friends every day with four. She sells the remainder at the farmers' market daily for $2 per fresh duck egg. How much in dollars does she make every day at the farmers' market?",
      },
    ])
  })

  it('puts worked examples, calculator notes removed, before the problem when asked for few-shot', async () => {
    const { planned, messagesOf } = await prepareBuiltin(gsm8k({ path, fewShot: 1 }))
    const content = contentText(messagesOf(planned[0]!.sample)[0]!.content)
    expect(content.startsWith('Some solved problems:\n\nProblem: A robe takes 2 bolts of blue fiber and half that much white fiber.')).toBe(
      true,
    )
    expect(content).toContain(
      'Solution: It takes 2/2=1 bolt of white fiber\nSo the total amount of fabric is 2+1=3 bolts of fabric\nANSWER: 3\n\nSolve the following',
    )
    expect(content).not.toContain('<<')
  })

  it('refuses a solution without its "####" line, naming file and line', async () => {
    const bad = gsm8k({ path: 'fixtures/benchmark/gsm8k-no-marker.jsonl' })
    await expect(prepareBuiltin(bad)).rejects.toThrow(
      'fixtures/benchmark/gsm8k-no-marker.jsonl:2: the field mapping threw: field "answer" has no final "#### <number>" line',
    )
  })

  it('refuses unknown or misspelled options at once', () => {
    expect(() => gsm8k({ path, fewshot: 3 } as never)).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: gsm8k(): Unrecognized key: "fewshot".]`,
    )
    expect(() => gsm8k({ path: '' })).toThrow('option "path"')
  })
})
