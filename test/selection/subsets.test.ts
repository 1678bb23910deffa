import { describe, expect, it } from 'vitest'
import { assignSubsets, selectSubsets } from '../../src/selection/subsets.ts'
import type { Sample } from '../../src/schema/index.ts'

const samples: Sample[] = [
  { id: 'a', input: 'x', target: '1', metadata: { category: 'math' } },
  { id: 'b', input: 'y', target: '2', metadata: { category: 'law' } },
  { id: 'c', input: 'z', target: '3', subset: 'physics', metadata: { category: 'law' } },
  { id: 'd', input: 'w', target: '4', metadata: { category: 'math', level: 3 } },
]

describe('assignSubsets', () => {
  it("takes each sample's subset from the named field, unless the sample names its own", () => {
    expect(assignSubsets(samples, { field: 'category' }, 'here').map((s) => s.subset)).toEqual(['math', 'law', 'physics', 'math'])
  })

  it('reads a numeric field as text', () => {
    expect(assignSubsets([samples[3]!], { field: 'level' }, 'here')[0]!.subset).toBe('3')
  })

  it('refuses a sample without the field, and a subset that is not listed, naming each sample', () => {
    expect(() => assignSubsets(samples, { field: 'level', names: ['3'] }, 'describeBenchmark("x")')).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("x"): sample "a" has no field "level" to take its subset from; sample "b" has no field "level" to take its subset from; sample "c" has subset "physics", which is not one of the listed subsets (3).]`,
    )
  })

  it('leaves the samples alone without a spec', () => {
    expect(assignSubsets(samples, undefined, 'here')).toEqual(samples)
  })
})

describe('selectSubsets', () => {
  const assigned = assignSubsets(samples, { field: 'category' }, 'here')

  it('keeps the samples of the chosen subsets, in their order', () => {
    expect(selectSubsets(assigned, ['math', 'physics'], { field: 'category' }, 'here').map((s) => s.id)).toEqual(['a', 'c', 'd'])
    expect(selectSubsets(assigned, undefined, { field: 'category' }, 'here')).toHaveLength(4)
  })

  it('refuses an unknown subset, listing the known ones from the spec or else from the data', () => {
    expect(() =>
      selectSubsets(assigned, ['maths'], ['math', 'law', 'physics'], 'describeBenchmark("x")'),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("x"): option "subset" names unknown subsets "maths"; the subsets are "math", "law", "physics".]`,
    )
    expect(() => selectSubsets(assigned, ['maths'], { field: 'category' }, 'here')).toThrow('the subsets are "law", "math", "physics"')
    expect(() => selectSubsets(samples.slice(0, 2), ['math'], undefined, 'here')).toThrow('the samples have no subsets')
  })
})
