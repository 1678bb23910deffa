import { z } from 'zod'
import { PARSED_ONCE } from '../schema/index.ts'
import { optionsError, OverridesSchema, type BenchmarkOverrides } from './benchmark-options.ts'
import { DefinitionSchema, type Benchmark, type BenchmarkDefinition } from './define-benchmark.ts'

/**
 * Options of `describeBenchmark(name, options)`: a benchmark definition and the options of one run of it, in one
 * object. The definition's `name` is the first argument and its `defaults` are the run's own selection; an option both
 * have (`task`, `system`, `thresholds`, `judge`, `classification`, `aggregate`, `fewShot`) is the run's. Give either
 * `task` (your own function) or `model` (an endpoint).
 */
export type BenchmarkOptions = Omit<BenchmarkDefinition, 'name' | 'defaults' | keyof BenchmarkOverrides> & BenchmarkOverrides

/**
 * The inline options as the definition and the overrides they hold, both checked at once so that one error lists
 * every problem. A key the overrides know is theirs; any other key is the definition's, unknown ones included, which
 * its strict schema refuses by name; `defaults` goes to the overrides, which refuse it: inline, the selection is given
 * outright.
 */
export function splitInline(name: string, options: BenchmarkOptions): { definition: Benchmark; overrides: BenchmarkOverrides } {
  const definition: Record<string, unknown> = { name }
  const overrides: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(options)) {
    if (key in OverridesSchema.shape || key === 'defaults') overrides[key] = value
    else definition[key] = value
  }
  const issues = [DefinitionSchema.safeParse(definition, PARSED_ONCE), OverridesSchema.safeParse(overrides, PARSED_ONCE)].flatMap(
    (parsed) => (parsed.success ? [] : parsed.error.issues),
  )
  if (issues.length > 0) throw optionsError(`describeBenchmark("${name}")`, new z.ZodError(issues))
  // both halves passed their schemas; kept as given rather than parsed, so the user's functions stay the same objects
  return { definition: definition as Benchmark, overrides: overrides as BenchmarkOverrides }
}
