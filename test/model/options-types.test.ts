import { describe, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import { LimitsSchema, type OpenAIModelOptions } from '../../src/model/openai-model.ts'

describe('models.openai option types and the schema that checks them', () => {
  it('give the limits of OpenAIModelOptions the types their schema accepts', () => {
    type Limits = keyof z.input<typeof LimitsSchema>
    expectTypeOf<Pick<OpenAIModelOptions, Limits>>().toEqualTypeOf<z.input<typeof LimitsSchema>>()
  })
})
