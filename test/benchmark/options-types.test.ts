import { describe, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import { RunShape, type RunOptions } from '../../src/benchmark/benchmark-options.ts'
import { SelectionShape, type SelectionOptions } from '../../src/selection/selection.ts'

// what a user may write: the schema's input, before defaults are filled in
type Accepted<Shape extends z.ZodRawShape> = z.input<z.ZodObject<Shape>>

describe('option types and the schemas that check them', () => {
  it('give RunOptions exactly the options its schema checks', () => {
    expectTypeOf<keyof RunOptions>().toEqualTypeOf<keyof typeof RunShape>()
  })

  it('give the plain-data run options the types their schema accepts', () => {
    type Plain = 'system' | 'concurrency' | 'stopAfterFailures' | 'thresholds' | 'regression' | 'maxErrors' | 'only' | 'testTimeout' | 'recordings' | 'inferMethod' | 'maxCost' | 'earlyStop'
    expectTypeOf<Pick<RunOptions, Plain>>().toEqualTypeOf<Pick<Accepted<typeof RunShape>, Plain>>()
  })

  it('infer SelectionOptions from its schema', () => {
    expectTypeOf<SelectionOptions>().toEqualTypeOf<z.input<z.ZodObject<typeof SelectionShape>>>()
    expectTypeOf<SelectionOptions['limit']>().toEqualTypeOf<number | undefined>()
  })
})
