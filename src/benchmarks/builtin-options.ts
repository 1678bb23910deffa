import { z } from 'zod'
import { PARSED_ONCE, CountSchema, NonEmptyTextSchema } from '../schema/index.ts'
import { defineBenchmark, optionsError, type Benchmark, type BenchmarkDefinition } from '../benchmark/index.ts'
import { SelectionShape, type SelectionOptions } from '../selection/index.ts'

const BuiltinSchema = z
  .object({
    ...SelectionShape,
    /** Where the data is on this machine (nothing is downloaded): a file, or the folder the benchmark names. */
    path: NonEmptyTextSchema,
    /** Few-shot examples per prompt; describeBenchmark's `fewShot` overrides it. */
    fewShot: CountSchema.optional(),
  })
  .omit({ shard: true })

/** Options every built-in benchmark takes: plain data, so its type is its schema's. */
export type BuiltinOptions = z.input<typeof BuiltinSchema>

/** Checks a built-in's options (the common ones and its own), throwing one ConfigError that lists every problem. */
export function checkBuiltinOptions(name: string, options: BuiltinOptions, own: z.ZodRawShape = {}): void {
  const parsed = BuiltinSchema.extend(own).strict().safeParse(options, PARSED_ONCE)
  if (!parsed.success) throw optionsError(`${name}()`, parsed.error)
}

/** The selection a built-in's options ask for, as the benchmark's defaults. */
function selectionDefaults(options: BuiltinOptions): Omit<SelectionOptions, 'shard'> {
  const { limit, subset, repeats, shuffle, seed } = options
  return Object.fromEntries(Object.entries({ limit, subset, repeats, shuffle, seed }).filter(([, value]) => value !== undefined))
}

/** A built-in's definition: scored by accuracy unless it says otherwise, with the selection its options ask for. */
export function defineBuiltin(options: BuiltinOptions, definition: BenchmarkDefinition): Benchmark {
  return defineBenchmark({ metrics: ['accuracy'], primaryMetric: 'accuracy', ...definition, defaults: selectionDefaults(options) })
}
