import { prepareSamples, type PreparedSamples } from '../../src/benchmark/prepare-samples.ts'
import { resolveDefined } from '../../src/benchmark/resolve-benchmark.ts'
import type { Benchmark, BenchmarkOverrides } from '../../src/benchmark/index.ts'
import type { Model } from '../../src/model/index.ts'

const model: Model = { name: 'none', generate: () => Promise.reject(new Error('not called in these tests')) }

/** A built-in's tests as describeBenchmark would declare them for a model: its samples, in order, and their prompts. */
export function prepareBuiltin(benchmark: Benchmark, overrides: Partial<BenchmarkOverrides> = {}): Promise<PreparedSamples> {
  return prepareSamples(resolveDefined(benchmark, { model, ...overrides }, undefined, undefined))
}

/** How many samples each subset holds. */
export function countBySubset(prepared: PreparedSamples): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { sample } of prepared.planned) counts[sample.subset ?? '(none)'] = (counts[sample.subset ?? '(none)'] ?? 0) + 1
  return counts
}
