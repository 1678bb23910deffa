import { describe, expect, it } from 'vitest'
import { plainSample, SampleSchema } from '../../src/schema/index.ts'

const SAMPLE = {
  id: 'q-17',
  input: 'What is six times seven?',
  target: '42',
  choices: ['41', '42'],
  subset: 'algebra',
  system: 'Answer with a number.',
  metadata: { source: 'textbook', page: 12, tags: ['easy'] },
}

// each one field away from SAMPLE: valid and read by hand
const PLAIN: Record<string, unknown>[] = [
  {},
  { choices: undefined, subset: undefined, system: undefined, metadata: undefined },
  { target: undefined },
  { target: ['42', 'forty-two'] },
  { target: [] },
  { target: '' },
  { input: '' },
  { choices: Array.from({ length: 26 }, (_, i) => `option ${i}`) },
  { metadata: {} },
  { metadata: { 7: 'a numeric key', nested: { deep: [1, 2] } } },
  { subset: '' },
]
// refused by the schema
const REFUSED: Record<string, unknown>[] = [
  { id: '' },
  { id: 17 },
  { input: undefined },
  { input: 42 },
  { input: [] },
  { target: 42 },
  { target: ['42', 42] },
  { choices: ['only one'] },
  { choices: Array.from({ length: 27 }, (_, i) => `option ${i}`) },
  { choices: 'A or B' },
  { choices: ['A', 7] },
  { subset: 3 },
  { system: null },
  { metadata: 'a note' },
  { metadata: ['a', 'list'] },
  { images: [] },
]
// valid, but for zod to read: what the plain check leaves to it
const LEFT_TO_ZOD: Record<string, unknown>[] = [
  { input: [{ role: 'user', content: 'What is six times seven?' }] },
  { images: ['https://example.com/a.png'] },
  { metadata: JSON.parse('{"__proto__": {"polluted": true}, "kept": 1}') as unknown },
  { unknownField: 'dropped by zod' },
]

const cases = (changes: Record<string, unknown>[]) =>
  changes.map((change) => [JSON.stringify(change) ?? String(change), { ...SAMPLE, ...change }] as const)

describe('the plain sample check', () => {
  it.each(cases(PLAIN))('reads %s as zod does', (_name, value) => {
    const reference = SampleSchema.safeParse(value)
    const plain = plainSample(value)
    expect(reference.success).toBe(true)
    // what zod reads, key for key and in zod's order
    expect(plain).toStrictEqual(reference.data)
    expect(Object.keys(plain!)).toStrictEqual(Object.keys(reference.data!))
    expect(JSON.stringify(plain)).toBe(JSON.stringify(reference.data))
  })

  it.each(cases(REFUSED))('never passes %s, which zod refuses', (_name, value) => {
    expect(SampleSchema.safeParse(value).success).toBe(false)
    expect(plainSample(value)).toBeUndefined()
  })

  it.each(cases(LEFT_TO_ZOD))('leaves %s to zod', (_name, value) => {
    expect(SampleSchema.safeParse(value).success).toBe(true)
    expect(plainSample(value)).toBeUndefined()
  })

  it('reads the samples a data file holds without zod, as copies', () => {
    const sample = { ...SAMPLE, target: ['42', 'forty-two'] }
    const read = plainSample(sample)
    expect(read).toStrictEqual(sample)
    // zod gives its own lists and records: a sample read never shares them with the record it came from
    expect(read?.target).not.toBe(sample.target)
    expect(read?.choices).not.toBe(sample.choices)
    expect(read?.metadata).not.toBe(sample.metadata)
    expect(plainSample({ id: 's1', input: 'hi' })).toStrictEqual({ id: 's1', input: 'hi' })
  })

  it('refuses what is not a plain object', () => {
    for (const value of [undefined, null, 'sample', [SAMPLE], Object.create(SAMPLE)]) expect(plainSample(value)).toBeUndefined()
  })
})
