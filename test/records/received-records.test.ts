import { expect, it } from 'vitest'
import { receiveRecord, sampleRecordOf } from '../../src/records/received-records.ts'
import { META_KEY, type SampleMeta } from '../../src/schema/index.ts'

// a record as it arrives from a worker: every text a copy of its own (JSON gives fresh strings, as structured clone does)
function arrived(meta: SampleMeta): Record<string, SampleMeta> {
  return JSON.parse(JSON.stringify({ [META_KEY]: meta })) as Record<string, SampleMeta>
}

const check = (
  target: string,
  extracted: string | null,
  passage: string | null,
  pass: boolean,
): NonNullable<SampleMeta['checks']>[number] => ({
  matcher: 'default scorer',
  kind: 'exact',
  pass,
  target,
  extracted,
  passage,
  explanation: pass ? 'the reply equals the target' : 'the reply differs from the target',
})

const right: SampleMeta = {
  kind: 'sample',
  sampleId: 's1',
  status: 'scored',
  input: 'Reply with: 42',
  target: '42',
  output: '42',
  scores: { accuracy: 1 },
  checks: [check('42', '42', '42', true)],
}
const wrong: SampleMeta = {
  kind: 'sample',
  sampleId: 's2',
  status: 'scored',
  input: 'Reply with: 7',
  target: '7',
  output: 'seven',
  scores: { accuracy: 0 },
  checks: [check('7', null, 'seven', false)],
}
const errored: SampleMeta = { kind: 'sample', sampleId: 's3', status: 'errored', target: ['a', 'b'], error: 'ModelError: refused' }

it('leaves every record the reporter reads as it was', () => {
  const common = new Map<string, string>()
  for (const meta of [right, wrong, errored, right]) {
    const taskMeta = arrived(meta)
    receiveRecord(taskMeta, common)
    expect(taskMeta[META_KEY]).toStrictEqual(meta)
  }
})

it('keeps one entry per distinct status, matcher and explanation, however many samples share them', () => {
  const common = new Map<string, string>()
  for (let i = 0; i < 100; i++) receiveRecord(arrived({ ...right, sampleId: `s${i}` }), common)
  expect([...common.keys()].sort()).toStrictEqual(['default scorer', 'exact', 'the reply equals the target'])
})

it('ignores a test that is no benchmark sample', () => {
  const taskMeta = { other: { kind: 'sample' } }
  receiveRecord(taskMeta, new Map())
  expect(taskMeta).toStrictEqual({ other: { kind: 'sample' } })
})

it('reads a record at the end of the run as it was checked when it arrived', () => {
  const taskMeta = arrived(right)
  receiveRecord(taskMeta, new Map())
  const read = sampleRecordOf(taskMeta[META_KEY])
  expect(read.success).toBe(true)
  // the checked copy itself: nothing is parsed or copied again
  expect(read.data).toBe(taskMeta[META_KEY])
})

it('still says at the end what is wrong with a record that failed its check on arrival', () => {
  const taskMeta = arrived({ ...right, scores: { accuracy: 1 } })
  ;(taskMeta[META_KEY]!.scores as Record<string, unknown>).accuracy = 'high'
  receiveRecord(taskMeta, new Map())
  const read = sampleRecordOf(taskMeta[META_KEY])
  expect(read.success).toBe(false)
  expect(read.error?.issues.map((issue) => issue.path.join('.'))).toStrictEqual(['scores.accuracy'])
})
