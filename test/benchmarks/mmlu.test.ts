import { describe, expect, it } from 'vitest'
import { mmlu, MMLU_CATEGORIES, MMLU_SUBJECTS } from '../../src/benchmarks/index.ts'
import { countBySubset, prepareBuiltin } from './prepare-builtin.ts'
import { contentText } from '../../src/schema/index.ts'

// a slice of the real data folder: every subject's dev questions, and the first val and test questions of each
const path = 'fixtures/real/mmlu'

describe('mmlu on a real data folder', () => {
  it('knows the 57 subjects, each in one of the four categories', () => {
    expect(Object.keys(MMLU_SUBJECTS)).toHaveLength(57)
    const perCategory = MMLU_CATEGORIES.map((category) => Object.values(MMLU_SUBJECTS).filter((c) => c === category).length)
    expect(perCategory).toEqual([18, 13, 12, 14])
  })

  it('loads the test questions of all 57 subjects as the four category subsets', async () => {
    const prepared = await prepareBuiltin(mmlu({ path }))
    expect(prepared.planned).toHaveLength(57 * 4)
    expect(countBySubset(prepared)).toEqual({ STEM: 18 * 4, humanities: 13 * 4, 'social sciences': 12 * 4, other: 14 * 4 })
    expect(new Set(prepared.planned.map(({ sample }) => sample.metadata?.subject)).size).toBe(57)
    expect(new Set(prepared.planned.map(({ sample }) => sample.id)).size).toBe(57 * 4)
  })

  it('loads the questions of the val split', async () => {
    expect((await prepareBuiltin(mmlu({ path, split: 'val' }))).planned).toHaveLength(56 * 3 + 22)
  })

  it('sends the first abstract algebra question after the five dev questions of its subject, as the exact message', async () => {
    const { planned, messagesOf } = await prepareBuiltin(mmlu({ path, subjects: ['abstract_algebra'] }))
    expect(planned).toHaveLength(4)
    const first = planned[0]!.sample
    expect(first).toMatchObject({ target: 'B', subset: 'STEM', choices: ['0', '4', '2', '6'] })
    const content = contentText(messagesOf(first)[0]!.content)
    expect(content.split('\n\n')[0]).toBe('Multiple-choice questions about abstract algebra, each with its answer:')
    expect(content.match(/^ANSWER: [A-D]$/gm)).toEqual(['ANSWER: B', 'ANSWER: B', 'ANSWER: C', 'ANSWER: A', 'ANSWER: A'])
    expect(content.slice(content.indexOf('Find the characteristic'))).toBe(
      'Find the characteristic of the ring 2Z.\n\nA. 0\nB. 3\nC. 12\nD. 30\nANSWER: A\n\n' +
        'Find the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.\n\nA. 0\nB. 4\nC. 2\nD. 6\n\n' +
        'Think it through if you need to, then give your final answer on the last line as "ANSWER: X", where X is the letter of one option.',
    )
  })

  it('runs zero-shot on request, and selects categories as subsets', async () => {
    const { planned, messagesOf } = await prepareBuiltin(mmlu({ path, subjects: ['anatomy', 'philosophy'], fewShot: 0 }), {
      subset: ['humanities'],
    })
    expect(planned).toHaveLength(4)
    expect(planned.every(({ sample }) => sample.metadata?.subject === 'philosophy')).toBe(true)
    expect(contentText(messagesOf(planned[0]!.sample)[0]!.content).startsWith('Multiple-choice')).toBe(false)
  })

  it('refuses an unknown subject, and names a missing file', async () => {
    expect(() => mmlu({ path, subjects: ['astrology'] })).toThrow('option "subjects.0"')
    const missing = await prepareBuiltin(mmlu({ path: 'fixtures/benchmark/no-such-mmlu', subjects: ['anatomy', 'virology'] })).then(
      () => undefined,
      (error: Error) => error,
    )
    expect(missing?.message.replaceAll(process.cwd(), '<cwd>')).toMatchInlineSnapshot(`
      "Invalid dataset:
      fixtures/benchmark/no-such-mmlu/test/anatomy_test.csv: file not found (paths are relative to the working directory, <cwd>)
      fixtures/benchmark/no-such-mmlu/test/virology_test.csv: file not found (paths are relative to the working directory, <cwd>)"
    `)
  })
})
