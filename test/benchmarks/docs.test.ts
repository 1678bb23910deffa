import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BUILTINS, renderBenchmarkDocs } from '../../scripts/benchmark-docs.ts'
import * as benchmarks from '../../src/benchmarks/index.ts'

describe('docs/benchmarks.md', () => {
  it('is exactly what `npm run docs` generates from the definitions (run it after changing a built-in)', () => {
    expect(readFileSync('docs/benchmarks.md', 'utf8')).toBe(renderBenchmarkDocs())
  })

  it('documents every built-in the package exports', () => {
    const exported = Object.entries(benchmarks)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
    expect(BUILTINS.map((entry) => entry.call).sort()).toEqual(exported.sort())
  })
})
