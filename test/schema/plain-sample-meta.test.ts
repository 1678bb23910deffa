import { describe, expect, it } from 'vitest'
import { parseSampleMeta, SampleMetaSchema } from '../../src/schema/index.ts'
import { plainSampleMeta } from '../../src/schema/plain-sample-meta.ts'

const CHECK = {
  matcher: 'toMatchAnswer',
  kind: 'exact',
  pass: false,
  target: ['42', 'forty-two'],
  extracted: null,
  passage: 'about 41',
  explanation: 'the reply states 41',
}

const RECORD = {
  kind: 'sample',
  sampleId: 'q-17',
  attempt: 2,
  subset: 'algebra',
  status: 'scored',
  scores: { accuracy: 0, f1: 0.25 },
  checks: [CHECK, { ...CHECK, pass: true, target: '42', extracted: '42', credit: 0.5 }],
  input: 'What is six times seven?',
  target: '42',
  output: 'It is 41.',
  trajectory: '{"steps":[],"ended":"reply"}',
  latencyMs: 12.5,
  replayed: true,
  ttftMs: 3,
  usage: { outputTokens: 4, inputTokens: 9, cachedInputTokens: 0 },
  costUsd: 0,
  error: undefined,
}

// each one field away from RECORD: a valid variation, or one the schema refuses
const VARIATIONS: Record<string, unknown>[] = [
  {},
  { attempt: undefined, subset: undefined, usage: undefined, checks: undefined, scores: undefined },
  { judge: undefined, choiceLogprobs: undefined, trajectory: undefined },
  { status: 'pending', scores: undefined },
  { status: 'errored', error: 'the endpoint answered 500' },
  { notRun: 'early-stop' },
  { notRun: 'cost-limit' },
  { target: ['a', 'b'] },
  { scores: {} },
  { checks: [] },
  { latencyMs: 0 },
  { latencyMs: -0 },
  { usage: { inputTokens: 1, outputTokens: 2, reasoningTokens: 3 } },
  // refused by the schema
  { kind: 'gate' },
  { sampleId: 17 },
  { status: 'done' },
  { attempt: -1 },
  { attempt: 1.5 },
  { subset: null },
  { scores: { accuracy: Number.NaN } },
  { scores: { accuracy: Number.POSITIVE_INFINITY } },
  { scores: { accuracy: '1' } },
  { scores: [1] },
  { checks: {} },
  { checks: [{ ...CHECK, pass: 'yes' }] },
  { checks: [{ ...CHECK, credit: 1.5 }] },
  { checks: [{ ...CHECK, extracted: undefined }] },
  { checks: [{ ...CHECK, target: [1] }] },
  { target: 42 },
  { latencyMs: -1 },
  { latencyMs: Number.NaN },
  { costUsd: Number.POSITIVE_INFINITY },
  { replayed: false },
  { notRun: 'skipped' },
  { usage: { inputTokens: 1 } },
  { usage: { inputTokens: 1, outputTokens: 2.5 } },
  { output: ['text'] },
  // valid, but for zod to read: fields the plain check leaves to it
  { judge: [] },
  { choiceLogprobs: [-0.5, null] },
  { checks: [{ ...CHECK, hint: { answer: 'number', explanation: 'reads 42' } }] },
  { checks: [{ ...CHECK, toolCalls: { expected: 1, made: 1, matched: 1 } }] },
  { usage: { inputTokens: 1, outputTokens: 2, extra: 3 } },
  { unknownField: 'dropped by zod' },
]

describe('the plain sample record check', () => {
  it.each(VARIATIONS.map((change) => [JSON.stringify(change) ?? String(change), { ...RECORD, ...change }]))(
    'reads %s as zod does, or leaves it to zod',
    (_name, record) => {
      const reference = SampleMetaSchema.safeParse(record)
      const plain = plainSampleMeta(record)
      // never passes what zod refuses, and what it passes is what zod reads
      if (plain !== undefined) {
        expect(reference.success).toBe(true)
        expect(plain).toStrictEqual(reference.data)
        expect(JSON.stringify(plain)).toBe(JSON.stringify(reference.data))
      }
      const parsed = parseSampleMeta(record)
      expect(parsed.success).toBe(reference.success)
      expect(parsed.data).toEqual(reference.data)
    },
  )

  it('reads the records a run writes without zod', () => {
    expect(plainSampleMeta(RECORD)).toBeDefined()
    // a sample test clears the fields it fills, before it fills them
    expect(plainSampleMeta({ ...RECORD, checks: undefined, judge: undefined, trajectory: undefined })).toBeDefined()
    expect(plainSampleMeta({ kind: 'sample', sampleId: 's1', status: 'pending' })).toEqual({
      kind: 'sample',
      sampleId: 's1',
      status: 'pending',
    })
  })

  it('refuses what is not a plain object', () => {
    for (const value of [undefined, null, 'sample', [RECORD], Object.create(RECORD)]) expect(plainSampleMeta(value)).toBeUndefined()
  })
})
