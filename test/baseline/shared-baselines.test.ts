import { expect, it } from 'vitest'
import type { BenchmarkRecords } from '../../src/records/collect-runs.ts'
import { sharedBaselineFiles } from '../../src/baseline/shared-baselines.ts'
import { fileSlug } from '../../src/schema/index.ts'

const run = (name: string, file: string, model = 'task'): BenchmarkRecords =>
  ({ meta: { name, model }, file, samples: [] }) as unknown as BenchmarkRecords
const fileOf = (r: BenchmarkRecords): string => `/p/evals/__baselines__/${fileSlug(r.meta.name)}.json`

it('names both benchmarks of two eval files whose names would share a baseline, so neither is compared with or writes the other', () => {
  const shared = sharedBaselineFiles(
    [
      run('Word Math', 'evals/a.eval.ts'),
      run('word math', 'evals/b.eval.ts'),
      run('Word Math', 'evals/a.eval.ts', 'gpt-4o'),
      run('a/b', 'evals/a.eval.ts'),
      run('a-b', 'evals/b.eval.ts'),
    ],
    fileOf,
    (file) => file.replace('/p/', ''),
  )
  expect(Object.fromEntries(shared)).toMatchInlineSnapshot(`
    {
      "/p/evals/__baselines__/word-math.json": "benchmarks "Word Math" (evals/a.eval.ts) and "word math" (evals/b.eval.ts) would share the baseline file evals/__baselines__/word-math.json, as file names ignore case and turn spaces into "-", so it is neither compared nor written. Rename one of them.",
    }
  `)
})

it('lets one benchmark keep one baseline for all its models and files', () => {
  expect(
    sharedBaselineFiles([run('capitals', 'evals/a.eval.ts'), run('capitals', 'evals/b.eval.ts', 'gpt-4o')], fileOf, (file) => file).size,
  ).toBe(0)
})
