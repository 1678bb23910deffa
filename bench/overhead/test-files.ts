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

/**
 * An eval file whose task answers at once with a reply of its own of about 2,400 characters, the answer on its last
 * line: a model that reasons before it answers, as most do. Each reply is a fresh flat string, as one parsed from an
 * endpoint's response is, so that nothing is shared between samples that a real run would not share.
 */
export const LONG_REPLY_BENCHMARK = `import { datasets, describeBenchmark } from 'evalsuite'

const words = ['the', 'model', 'reasons', 'about', 'each', 'step', 'of', 'this', 'problem', 'carefully']

describeBenchmark('bench', {
  dataset: datasets.jsonl('data.jsonl'),
  task: (sample) => {
    const seed = Number(sample.target)
    const reasoning = Array.from({ length: 400 }, (_, i) => words[(seed + i * 7) % words.length]).join(' ')
    return JSON.parse(JSON.stringify(\`\${reasoning} \${seed}\\nANSWER: \${String(sample.target)}\`))
  },
  concurrency: 16,
})
`
