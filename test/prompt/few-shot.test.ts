import { describe, expect, it } from 'vitest'
import { drawFewShot, type FewShotDraw } from '../../src/prompt/few-shot.ts'
import type { Sample } from '../../src/schema/index.ts'

const pool: Sample[] = Array.from({ length: 10 }, (_, i) => ({
  id: `p${i}`,
  input: `question ${i}`,
  target: String(i),
  subset: i < 5 ? 'even' : 'odd',
}))
const draw = (overrides: Partial<FewShotDraw> = {}): FewShotDraw => ({ count: 3, pick: 'first', seed: 0, ownSamples: true, ...overrides })
const idsFor = (drawn: Map<string, Sample[]>, id: string): string[] => (drawn.get(id) ?? []).map((s) => s.id)

describe('drawFewShot', () => {
  it('takes the first examples of the pool for every sample', () => {
    const drawn = drawFewShot([{ id: 't1', input: 'test 1', target: '1' }], pool, draw(), 'here')
    expect(idsFor(drawn, 't1')).toEqual(['p0', 'p1', 'p2'])
  })

  it('never gives a sample itself as an example, whether by id or by the same input', () => {
    const own = drawFewShot([pool[1]!], pool, draw(), 'here')
    expect(idsFor(own, 'p1')).toEqual(['p0', 'p2', 'p3'])
    // a dev split that repeats a test question under another id
    const repeated = drawFewShot([{ id: 'test-9', input: 'question 0', target: '0' }], pool, draw(), 'here')
    expect(idsFor(repeated, 'test-9')).toEqual(['p1', 'p2', 'p3'])
  })

  it('never includes the sample itself, for every sample of a pool drawn from itself, at random too', () => {
    for (const pick of ['first', 'random'] as const) {
      const drawn = drawFewShot(pool, pool, draw({ count: 9, pick }), 'here')
      for (const sample of pool) {
        expect(idsFor(drawn, sample.id)).toHaveLength(9)
        expect(idsFor(drawn, sample.id)).not.toContain(sample.id)
      }
    }
  })

  it("takes an example of a separate pool whose id is the sample's, since a separate file numbers its rows on its own", () => {
    // EvalScope numbers the rows of its _dev and _val files each from 1
    const dev: Sample[] = [1, 2, 3].map((row) => ({ id: String(row), input: `dev question ${row}`, target: 'A' }))
    const val: Sample[] = [1, 2].map((row) => ({ id: String(row), input: `val question ${row}`, target: 'B' }))
    const drawn = drawFewShot(val, dev, draw({ ownSamples: false }), 'here')
    expect(idsFor(drawn, '1')).toEqual(['1', '2', '3'])
    expect(idsFor(drawn, '2')).toEqual(['1', '2', '3'])
  })

  it('takes an example that asks the same words with other options, and passes over the same question with its options reordered', () => {
    const generic: Sample[] = [
      { id: 'd1', input: 'Which is true?', choices: ['red', 'blue'], target: 'A' },
      { id: 'd2', input: 'Which is true?', choices: ['cat', 'dog'], target: 'B' },
    ]
    const drawn = drawFewShot(
      [{ id: 't', input: 'Which is true?', choices: ['dog', 'cat'], target: 'A' }],
      generic,
      draw({ count: 1, ownSamples: false }),
      'here',
    )
    expect(idsFor(drawn, 't')).toEqual(['d1'])
  })

  it("fails at collection when a sample's own question leaves a pool short of the asked count, naming the samples", () => {
    const small = pool.slice(0, 3)
    expect(() => drawFewShot(small, small, draw(), 'describeBenchmark("tiny")')).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("tiny"): 3 few-shot examples per sample are asked for, but sample "p0" has 2 besides its own question, sample "p1" has 2 besides its own question, sample "p2" has 2 besides its own question. Ask for fewer with the "fewShot" option, or give a larger few-shot dataset.]`,
    )
  })

  it('draws at random per sample, the same for the same seed', () => {
    const samples: Sample[] = [
      { id: 't1', input: 'test 1', target: '1' },
      { id: 't2', input: 'test 2', target: '2' },
    ]
    const first = drawFewShot(samples, pool, draw({ pick: 'random', seed: 5 }), 'here')
    expect(drawFewShot(samples, pool, draw({ pick: 'random', seed: 5 }), 'here')).toEqual(first)
    expect(idsFor(first, 't1')).not.toEqual(idsFor(first, 't2'))
    expect(new Set(idsFor(first, 't1')).size).toBe(3)
    const other = drawFewShot(samples, pool, draw({ pick: 'random', seed: 6 }), 'here')
    expect([idsFor(other, 't1'), idsFor(other, 't2')]).not.toEqual([idsFor(first, 't1'), idsFor(first, 't2')])
  })

  it("draws from the sample's own subset when asked", () => {
    const drawn = drawFewShot([{ id: 't1', input: 'test', target: '1', subset: 'odd' }], pool, draw({ groupBy: 'subset' }), 'here')
    expect(idsFor(drawn, 't1')).toEqual(['p5', 'p6', 'p7'])
  })

  it("draws from the sample's own group of a metadata field", () => {
    const tagged = pool.map((example, i) => ({ ...example, metadata: { subject: i % 3 === 0 ? 'law' : 'math' } }))
    const drawn = drawFewShot(
      [{ id: 't1', input: 'test', target: '1', metadata: { subject: 'law' } }],
      tagged,
      draw({ groupBy: 'subject' }),
      'here',
    )
    expect(idsFor(drawn, 't1')).toEqual(['p0', 'p3', 'p6'])
  })

  it('fails at once, naming the subsets that cannot offer enough examples', () => {
    const samples: Sample[] = [
      { id: 't1', input: 'a', target: '1', subset: 'odd' },
      { id: 't2', input: 'b', target: '1', subset: 'rare' },
    ]
    expect(() =>
      drawFewShot(samples, pool, draw({ count: 6, groupBy: 'subset' }), 'describeBenchmark("mmlu")'),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("mmlu"): 6 few-shot examples per sample are asked for, but subset "odd" offers 5, subset "rare" offers 0. Ask for fewer with the "fewShot" option, or give a larger few-shot dataset.]`,
    )
  })

  it('draws nothing for zero examples', () => {
    expect(drawFewShot(pool, [], draw({ count: 0 }), 'here').size).toBe(0)
  })
})
