import { describe, expect, it } from 'vitest'
import { checkFileClash } from '../../src/benchmark/file-clash.ts'
import type { FileTask } from '../../src/benchmark/file-clash.ts'
import { ConfigError } from '../../src/errors.ts'
import { META_KEY } from '../../src/schema/index.ts'

const benchmark = (name: string): FileTask => ({ meta: { [META_KEY]: { kind: 'benchmark', name } }, tasks: [{ meta: {} }] })
const block = (...tasks: FileTask[]): FileTask => ({ meta: {}, tasks })
const file = (...tasks: FileTask[]): FileTask => block(...tasks)

describe('checkFileClash', () => {
  it('refuses two benchmarks of one file whose files would still clash, naming both', () => {
    const maths = file(benchmark('Word Math'), block(benchmark('word math')))
    const where = 'describeBenchmark("word math") at evals/maths.eval.ts:12'
    expect(() => checkFileClash(where, 'word math', maths)).toThrow(ConfigError)
    expect(() => checkFileClash(where, 'word math', maths)).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("word math") at evals/maths.eval.ts:12: the benchmark "Word Math" in the same file would write the same files (baseline, recordings and report named "word-math"), as file names ignore case and turn spaces into "-". Rename one of them.]`,
    )
  })

  it('lets benchmarks whose names differ in more than case, spaces and dashes share a file', () => {
    const hostile = file(
      benchmark('a/b'),
      benchmark('a-b'),
      benchmark('数学'),
      benchmark('Тест'),
      benchmark('x'.repeat(300)),
      benchmark('x'.repeat(301)),
    )
    for (const name of ['a/b', 'a-b', '数学', 'Тест', 'x'.repeat(300), 'x'.repeat(301)])
      expect(() => checkFileClash(`describeBenchmark("${name}")`, name, hostile)).not.toThrow()
  })

  it('lets one name be declared twice (its models share the baseline on purpose)', () => {
    expect(() =>
      checkFileClash('describeBenchmark("capitals")', 'capitals', file(benchmark('capitals'), benchmark('capitals'))),
    ).not.toThrow()
  })
})
