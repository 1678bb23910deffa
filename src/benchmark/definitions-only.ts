import { aggregateCollector } from '../metrics/index.ts'
import type { BenchmarkOverrides } from './benchmark-options.ts'
import type { Benchmark } from './define-benchmark.ts'
import type { BenchmarkOptions } from './inline-options.ts'

/**
 * While the reporter imports an eval file for its aggregates (a merge of shards, outside any test worker), records the
 * benchmark's name and `aggregate` and declares nothing; false in a test worker, where the benchmark is declared. The
 * variants of a benchmark share its aggregate, so it is recorded under the benchmark's own name.
 */
export function recordedDefinitionOnly(first: string | Benchmark, options: BenchmarkOptions | BenchmarkOverrides): boolean {
  const collector = aggregateCollector()
  if (collector === undefined) return false
  const name = typeof first === 'string' ? first : first.name
  collector.set(name, options.aggregate ?? (typeof first === 'string' ? undefined : first.aggregate))
  return true
}
