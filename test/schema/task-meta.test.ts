import { expect, it } from 'vitest'
import { parseSampleMeta } from '../../src/schema/index.ts'

it('reads a sample record, and names the field of one that does not parse', () => {
  expect(parseSampleMeta({ kind: 'sample', sampleId: 's1', status: 'scored', scores: { accuracy: 0 } }).data?.scores).toEqual({
    accuracy: 0,
  })
  const broken = parseSampleMeta({ kind: 'sample', sampleId: 's1', status: 'scored', scores: { accuracy: Number.NaN } })
  expect(broken.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['scores.accuracy'])
  expect(parseSampleMeta(undefined).success).toBe(false)
})
