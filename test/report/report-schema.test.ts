import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { REPORT_VERSION, ReportSchema } from '../../src/schema/index.ts'

// the published JSON Schema of the report file, generated from the zod schema; `vitest run test/report -u` rewrites it
const generated = { title: `evalsuite report, version ${REPORT_VERSION}`, ...z.toJSONSchema(ReportSchema) }

describe('the JSON Schema of the report', () => {
  it('is the committed schema/report.schema.json, generated from ReportSchema', async () => {
    await expect(`${JSON.stringify(generated, null, 2)}\n`).toMatchFileSnapshot('../../schema/report.schema.json')
  })

  it('pins the report version and requires the sections readers rely on', () => {
    expect(generated.properties).toMatchObject({ version: { type: 'number', const: REPORT_VERSION } })
    expect(generated.required).toEqual(expect.arrayContaining(['version', 'benchmark', 'metrics', 'gates', 'baseline', 'diagnostics']))
  })
})
