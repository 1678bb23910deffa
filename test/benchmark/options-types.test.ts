import { describe, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import { OverridesSchema, RunShape, type BenchmarkOverrides, type RunOptions } from '../../src/benchmark/benchmark-options.ts'
import { DefinitionSchema, type BenchmarkDefinition } from '../../src/benchmark/define-benchmark.ts'
import type { BenchmarkOptions } from '../../src/benchmark/inline-options.ts'
import type { SubsetSpec } from '../../src/selection/subsets.ts'
import { VariantsSchema, type VariantOptions, type Variants } from '../../src/benchmark/variant-options.ts'
import { SelectionShape, type SelectionOptions } from '../../src/selection/selection.ts'

// what a user may write: the schema's input, before defaults are filled in
type Accepted<Shape extends z.ZodRawShape> = z.input<z.ZodObject<Shape>>

describe('option types and the schemas that check them', () => {
  it('give RunOptions exactly the options its schema checks', () => {
    expectTypeOf<keyof RunOptions>().toEqualTypeOf<keyof typeof RunShape>()
  })

  it('give the plain-data run options the types their schema accepts', () => {
    type Plain =
      | 'system'
      | 'concurrency'
      | 'stopAfterFailures'
      | 'thresholds'
      | 'regression'
      | 'maxErrors'
      | 'only'
      | 'testTimeout'
      | 'recordings'
      | 'inferMethod'
      | 'maxCost'
      | 'earlyStop'
    expectTypeOf<Pick<RunOptions, Plain>>().toEqualTypeOf<Pick<Accepted<typeof RunShape>, Plain>>()
  })

  it('infer SelectionOptions from its schema', () => {
    expectTypeOf<SelectionOptions>().toEqualTypeOf<z.input<z.ZodObject<typeof SelectionShape>>>()
    expectTypeOf<SelectionOptions['limit']>().toEqualTypeOf<number | undefined>()
  })

  it('give a definition and the overrides exactly the options their schemas check', () => {
    expectTypeOf<keyof BenchmarkDefinition>().toEqualTypeOf<keyof z.input<typeof DefinitionSchema>>()
    // variants and compare are taken off before the rest is checked, once per variant
    expectTypeOf<Exclude<keyof BenchmarkOverrides, keyof VariantOptions>>().toEqualTypeOf<keyof z.input<typeof OverridesSchema>>()
    type Plain =
      | 'name'
      | 'prettyName'
      | 'description'
      | 'tags'
      | 'expectedFields'
      | 'system'
      | 'fewShotTemplate'
      | 'metrics'
      | 'primaryMetric'
      | 'thresholds'
      | 'classification'
    expectTypeOf<Pick<BenchmarkDefinition, Plain>>().toEqualTypeOf<Pick<z.input<typeof DefinitionSchema>, Plain>>()
  })

  it('make the inline options exactly a definition, less its name and defaults, plus the overrides', () => {
    type Shared = keyof BenchmarkDefinition & keyof BenchmarkOverrides
    type DefinitionOnly = Exclude<keyof BenchmarkDefinition, 'name' | 'defaults' | Shared>
    expectTypeOf<keyof BenchmarkOptions>().toEqualTypeOf<DefinitionOnly | keyof BenchmarkOverrides>()
    expectTypeOf<Pick<BenchmarkOptions, DefinitionOnly>>().toEqualTypeOf<Pick<BenchmarkDefinition, DefinitionOnly>>()
    expectTypeOf<Pick<BenchmarkOptions, keyof BenchmarkOverrides>>().toEqualTypeOf<BenchmarkOverrides>()
    // where both have an option it means the same in both, but for fewShot, which a definition may also draw from elsewhere
    expectTypeOf<Shared>().toEqualTypeOf<'task' | 'system' | 'thresholds' | 'judge' | 'classification' | 'aggregate' | 'fewShot'>()
    expectTypeOf<Pick<BenchmarkOptions, Exclude<Shared, 'fewShot'>>>().toEqualTypeOf<
      Pick<BenchmarkDefinition, Exclude<Shared, 'fewShot'>>
    >()
  })

  it('give variants exactly the options their schema checks', () => {
    expectTypeOf<keyof Variants>().toEqualTypeOf<keyof z.input<typeof VariantsSchema>>()
  })

  it('infer SubsetSpec from its schema, taking the names as a constant list too', () => {
    expectTypeOf<readonly ['easy', 'hard']>().toExtend<SubsetSpec>()
    expectTypeOf<{ field: 'level'; names: readonly ['1', '2'] }>().toExtend<SubsetSpec>()
  })
})
