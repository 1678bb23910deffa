import { describe, expect, it } from 'vitest'
import { mmlu, MMLU_CATEGORIES, MMLU_SUBJECTS } from '../../src/benchmarks/index.ts'
import { SHARED_DATASETS, sharedDataset } from '../support/shared-datasets.ts'
import { countBySubset, prepareBuiltin } from './prepare-builtin.ts'

sharedDataset('mmlu/test')
const path = `${SHARED_DATASETS}mmlu`

describe('mmlu on the real data folder', () => {
  it('knows the 57 subjects, each in one of the four categories', () => {
    expect(Object.keys(MMLU_SUBJECTS)).toHaveLength(57)
    const perCategory = MMLU_CATEGORIES.map((category) => Object.values(MMLU_SUBJECTS).filter((c) => c === category).length)
    expect(perCategory).toEqual([18, 13, 12, 14])
  })

  it('loads the 14,042 test questions as the four category subsets', async () => {
    const prepared = await prepareBuiltin(mmlu({ path }))
    expect(prepared.planned).toHaveLength(14_042)
    expect(countBySubset(prepared)).toEqual({ STEM: 3018, humanities: 4705, 'social sciences': 3077, other: 3242 })
    expect(new Set(prepared.planned.map(({ sample }) => sample.metadata?.subject)).size).toBe(57)
    expect(new Set(prepared.planned.map(({ sample }) => sample.id)).size).toBe(14_042)
  })

  it('loads the 1,531 questions of the val split', async () => {
    expect((await prepareBuiltin(mmlu({ path, split: 'val' }))).planned).toHaveLength(1531)
  })

  it('sends the first abstract algebra question after the five dev questions of its subject, as the exact message', async () => {
    const { planned, messagesOf } = await prepareBuiltin(mmlu({ path, subjects: ['abstract_algebra'] }))
    expect(planned).toHaveLength(100)
    const first = planned[0]!.sample
    expect(first).toMatchObject({ target: 'B', subset: 'STEM', choices: ['0', '4', '2', '6'] })
    const content = messagesOf(first)[0]!.content
    expect(content.split('\n\n')[0]).toBe('Multiple-choice questions about abstract algebra, each with its answer:')
    expect(content.match(/^ANSWER: [A-D]$/gm)).toEqual(['ANSWER: B', 'ANSWER: B', 'ANSWER: C', 'ANSWER: A', 'ANSWER: A'])
    expect(content.slice(content.indexOf('Find the characteristic'))).toBe(
      'Find the characteristic of the ring 2Z.\n\nA. 0\nB. 3\nC. 12\nD. 30\nANSWER: A\n\n' +
        'Find the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.\n\nA. 0\nB. 4\nC. 2\nD. 6\n\n' +
        'Think it through if you need to, then give your final answer on the last line as "ANSWER: X", where X is the letter of one option.',
    )
  })

  it('runs zero-shot on request, and selects categories as subsets', async () => {
    const { planned, messagesOf } = await prepareBuiltin(mmlu({ path, subjects: ['anatomy', 'philosophy'], fewShot: 0 }), { subsets: ['humanities'] })
    expect(planned).toHaveLength(311)
    expect(messagesOf(planned[0]!.sample)[0]!.content.startsWith('Multiple-choice')).toBe(false)
  })

  it('refuses an unknown subject, and names a missing file', async () => {
    expect(() => mmlu({ path, subjects: ['astrology'] })).toThrow('option "subjects.0"')
    await expect(prepareBuiltin(mmlu({ path: 'fixtures/benchmark/no-such-mmlu', subjects: ['anatomy', 'virology'] }))).rejects.toThrowErrorMatchingInlineSnapshot(`
      [DatasetError: Invalid dataset:
      fixtures/benchmark/no-such-mmlu/test/anatomy_test.csv: file not found
      fixtures/benchmark/no-such-mmlu/test/virology_test.csv: file not found]
    `)
  })
})
