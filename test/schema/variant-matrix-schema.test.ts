import { expect, it } from 'vitest'
import { z } from 'zod'
import { VARIANT_MATRIX_VERSION, VariantMatrixSchema } from '../../src/schema/index.ts'

// the published JSON Schema of eval-reports/variants/<benchmark>.json; `vitest run test/schema -u` rewrites it
const generated = { title: `evalsuite variant matrix, version ${VARIANT_MATRIX_VERSION}`, ...z.toJSONSchema(VariantMatrixSchema) }

it('is the committed schema/variant-matrix.schema.json, generated from VariantMatrixSchema', async () => {
  await expect(`${JSON.stringify(generated, null, 2)}\n`).toMatchFileSnapshot('../../schema/variant-matrix.schema.json')
  expect(generated.properties).toMatchObject({ version: { type: 'number', const: VARIANT_MATRIX_VERSION } })
})
