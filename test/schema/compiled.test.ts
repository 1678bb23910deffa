import { expect, it } from 'vitest'
import { compiledSchema, SampleMetaSchema } from '../../src/schema/index.ts'

const scored = {
  kind: 'sample',
  sampleId: 's1',
  status: 'scored',
  scores: { accuracy: 1 },
  output: '42',
  latencyMs: 12.5,
  extra: 'dropped',
}

it('parses as the schema does: the same value, unknown fields left out', () => {
  expect(compiledSchema(SampleMetaSchema).parse(scored)).toEqual(SampleMetaSchema.parse(scored))
  expect(compiledSchema(SampleMetaSchema).parse(scored)).not.toHaveProperty('extra')
})

it('rejects what the schema rejects, with the same issues', () => {
  const infinite = { ...scored, scores: { accuracy: Number.POSITIVE_INFINITY } }
  const compiled = compiledSchema(SampleMetaSchema).safeParse(infinite)
  expect(compiled.success).toBe(false)
  expect(compiled.error?.issues).toEqual(SampleMetaSchema.safeParse(infinite).error?.issues)
})

it('compiles each schema once', () => {
  expect(compiledSchema(SampleMetaSchema)).toBe(compiledSchema(SampleMetaSchema))
})
