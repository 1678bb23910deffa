import { expect, it, vi } from 'vitest'
import { z } from 'zod'
import { compiledAfter, PARSED_ONCE, parseSampleMeta, SampleSchema } from '../../src/schema/index.ts'

const compiles = vi.hoisted(() => ({ count: 0 }))

vi.mock('zod', async (importOriginal) => {
  const zod = await importOriginal<typeof import('zod')>()
  const compile: typeof zod.z.compile = (schema) => {
    compiles.count++
    return zod.z.compile(schema)
  }
  return { ...zod, z: { ...zod.z, compile } }
})

it('parses with the runtime parser for its first uses and compiles the schema once after them', () => {
  const schema = z.object({ id: z.string(), score: z.number().min(0) })
  const parser = compiledAfter(schema, 3)
  const before = compiles.count
  for (let i = 0; i < 3; i++) expect(parser.parse({ id: `s${i}`, score: i, extra: true })).toEqual({ id: `s${i}`, score: i })
  expect(compiles.count).toBe(before)
  for (let i = 3; i < 6; i++) expect(parser.parse({ id: `s${i}`, score: i, extra: true })).toEqual({ id: `s${i}`, score: i })
  expect(compiles.count).toBe(before + 1)
})

it('gives the same errors before and after compiling', () => {
  const schema = z.object({ score: z.number().min(0) })
  const parser = compiledAfter(schema, 1)
  const runtime = parser.safeParse({ score: -1 })
  const compiled = parser.safeParse({ score: -1 })
  expect(runtime.success).toBe(false)
  expect(compiled.error?.issues).toEqual(runtime.error?.issues)
})

it('compiles no schema for a run of one sample, whose entry the reporters parse once each', () => {
  const before = compiles.count
  const entry = { kind: 'sample', sampleId: 's1', status: 'scored', scores: { accuracy: 1 }, output: '42', latencyMs: 3 }
  expect(parseSampleMeta(entry).success).toBe(true)
  expect(parseSampleMeta(entry).success).toBe(true)
  expect(compiles.count).toBe(before)
})

it('parses a schema parsed once a run (without zod fast paths) to the same data and the same errors', () => {
  const records = [
    { id: 'a', input: 'Q?', target: 'A', metadata: { n: 1 } },
    { id: 'b', input: [{ role: 'user', content: 'Q?' }], target: ['A', 'B'] },
    { id: 7, input: '', target: null },
    { input: [{ role: 'robot', content: 3 }] },
  ]
  for (const record of records) {
    const once = SampleSchema.safeParse(record, PARSED_ONCE)
    const usual = SampleSchema.safeParse(record)
    expect(once.success, JSON.stringify(record)).toBe(usual.success)
    expect(once.data).toEqual(usual.data)
    expect(once.error?.issues).toEqual(usual.error?.issues)
  }
})
