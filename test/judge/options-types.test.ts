import { describe, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import { JudgeOptionsSchema, type JudgeOptions } from '../../src/judge/index.ts'

describe('judge option types and the schema that checks them', () => {
  it('give JudgeOptions exactly the options, and the types, its schema accepts', () => {
    expectTypeOf<keyof JudgeOptions>().toEqualTypeOf<keyof z.input<typeof JudgeOptionsSchema>>()
    expectTypeOf<Required<JudgeOptions>>().toEqualTypeOf<Required<z.input<typeof JudgeOptionsSchema>>>()
  })
})
