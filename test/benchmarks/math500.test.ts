import { describe, expect, it } from 'vitest'
import { MATH500_SUBJECTS, math500 } from '../../src/benchmarks/index.ts'
import { matchAnswer } from '../../src/scoring/index.ts'
import { countBySubset, prepareBuiltin } from './prepare-builtin.ts'
import { contentText } from '../../src/schema/index.ts'

// a slice of the real test file: its first problem, every subject at every level, and more
const path = 'fixtures/real/math500/test.jsonl'

describe('math500 on real test problems', () => {
  it('loads the problems, ids from unique_id, in the seven subject subsets', async () => {
    const prepared = await prepareBuiltin(math500({ path }))
    expect(prepared.planned).toHaveLength(120)
    expect(countBySubset(prepared)).toEqual({
      Algebra: 22,
      'Counting & Probability': 13,
      Geometry: 9,
      'Intermediate Algebra': 18,
      'Number Theory': 22,
      Prealgebra: 23,
      Precalculus: 13,
    })
    expect(Object.keys(countBySubset(prepared)).sort()).toEqual([...MATH500_SUBJECTS])
    expect(prepared.planned[0]!.sample).toMatchObject({ id: 'test/precalculus/807.json', target: '\\left( 3, \\frac{\\pi}{2} \\right)' })
  })

  it('makes the five levels the subsets on request', async () => {
    const prepared = await prepareBuiltin(math500({ path, subsetBy: 'level' }))
    expect(Object.keys(countBySubset(prepared)).sort()).toEqual(['1', '2', '3', '4', '5'])
    expect(Object.values(countBySubset(prepared)).reduce((a, b) => a + b)).toBe(120)
  })

  it('sends the first problem asking for a boxed answer, as the exact message', async () => {
    const { planned, messagesOf } = await prepareBuiltin(math500({ path }))
    expect(messagesOf(planned[0]!.sample)).toEqual([
      {
        role: 'user',
        content:
          'Solve the following problem. Reason step by step, and put your final answer, in simplest form, in \\boxed{}.\n\n' +
          'Convert the point $(0,3)$ in rectangular coordinates to polar coordinates.  Enter your answer in the form $(r,\\theta),$ where $r > 0$ and $0 \\le \\theta < 2 \\pi.$',
      },
    ])
  })

  it('scores a boxed answer as mathematics: an equal form passes, another value fails', async () => {
    const benchmark = math500({ path })
    const { planned } = await prepareBuiltin(benchmark)
    const target = planned[0]!.sample.target!
    const answer = benchmark.answer?.kind === 'code' ? undefined : benchmark.answer
    expect(matchAnswer('So the point is $\\boxed{(3, \\tfrac{\\pi}{2})}$.', target, answer).pass).toBe(true)
    expect(matchAnswer('So the point is $\\boxed{(3, \\pi)}$.', target, answer).pass).toBe(false)
  })

  it('uses another problem and its worked solution as a few-shot example', async () => {
    const { planned, messagesOf } = await prepareBuiltin(math500({ path, fewShot: 1 }))
    const content = contentText(messagesOf(planned[0]!.sample)[0]!.content)
    const example = planned.find(({ sample }) => content.startsWith(`Problem: ${sample.input}\nSolution: `))?.sample
    expect(example?.id).not.toBe(planned[0]!.sample.id)
    expect(content).toContain(`\nSolution: ${String(example?.metadata?.solution)}\n\n`)
  })
})
