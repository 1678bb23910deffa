// The files the whole-process benchmarks generate, shared so that every baseline runs the very same tests.

/** A Vitest test file of `tests` trivial tests: the baseline a benchmark of as many samples is held to. */
export function trivialTestFile(tests: number): string {
  return `import { expect, test } from 'vitest'

for (let i = 1; i <= ${tests}; i++) {
  test(\`t\${i}\`, () => {
    expect(String(i)).toBe(String(i))
  })
}
`
}

/** An eval file whose benchmark's task returns the target at once: a model that costs nothing. */
export const TASK_BENCHMARK = `import { datasets, describeBenchmark } from 'evalsuite'

describeBenchmark('bench', {
  dataset: datasets.jsonl('data.jsonl'),
  task: (sample) => String(sample.target),
  concurrency: 16,
})
`
