import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { matchToolCalls } from '../../../src/agent/index.ts'
import { bfcl, BFCL_CATEGORIES, type BfclCategory } from '../../../src/benchmarks/index.ts'
import { bfclExpectedCalls } from '../../../src/benchmarks/bfcl/bfcl-expected.ts'
import { toolName } from '../../../src/benchmarks/bfcl/bfcl-functions.ts'
import { BfclMetadataSchema, type BfclMetadata } from '../../../src/benchmarks/bfcl/bfcl-sample.ts'
import type { Sample } from '../../../src/schema/index.ts'
import { prepareBuiltin } from '../prepare-builtin.ts'
import { answerCalls, answered, written } from './bfcl-rules.ts'

const PATH = 'fixtures/real/bfcl'

async function samplesOf(category: BfclCategory): Promise<Sample[]> {
  const { planned } = await prepareBuiltin(bfcl({ path: PATH, category }))
  return planned.map(({ sample }) => sample)
}

function verdict(metadata: BfclMetadata, calls: Array<[string, Array<[string, string]>]>): boolean {
  return matchToolCalls(answered(...calls.map(([name, args]): [string, string] => [name, written(args)])), bfclExpectedCalls(metadata), {
    order: 'any',
    extra: 'forbid',
  }).pass
}

const metadataOf = (sample: Sample): BfclMetadata => BfclMetadataSchema.parse(sample.metadata)
const answeredCategories = BFCL_CATEGORIES.filter((category) => !category.endsWith('irrelevance'))

describe('bfcl on slices of the public BFCL files', () => {
  it.each(BFCL_CATEGORIES)('%s: reads every question with its BFCL id, the conversation as its input', async (category) => {
    const file = `${PATH}/BFCL_v4_${category === 'simple' ? 'simple_python' : category}.json`
    const records = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; question: unknown[][] })
    const samples = await samplesOf(category)
    expect(samples.map((sample) => sample.id)).toEqual(records.map((record) => record.id))
    expect(samples[0]!.input).toEqual(records[0]!.question[0])
  })

  it.each(answeredCategories)('%s: the possible answers themselves score right, in any order', async (category) => {
    for (const sample of await samplesOf(category)) {
      const calls = answerCalls(metadataOf(sample))
      expect(verdict(metadataOf(sample), calls), sample.id).toBe(true)
      expect(verdict(metadataOf(sample), [...calls].reverse()), sample.id).toBe(true)
    }
  })

  it.each(answeredCategories)('%s: perturbed calls score wrong', async (category) => {
    let integers = 0
    for (const sample of await samplesOf(category)) {
      const metadata = metadataOf(sample)
      const calls = answerCalls(metadata)
      const [name, args] = calls[0]!
      const rest = calls.slice(1)
      expect(verdict(metadata, [[`${name}_v2`, args], ...rest]), `${sample.id} renamed`).toBe(false)
      expect(verdict(metadata, [[name, [...args, ['zz_unknown', '1']]], ...rest]), `${sample.id} with an unknown argument`).toBe(false)
      expect(verdict(metadata, calls.slice(1)), `${sample.id} with a call left out`).toBe(false)
      expect(verdict(metadata, [...calls, calls[0]!]), `${sample.id} with a call repeated`).toBe(false)
      const fn = metadata.functions.find((candidate) => toolName(candidate.name) === name)!
      const required = fn.parameters.required.find((param) => args.some(([given]) => given === param))
      if (required !== undefined)
        expect(verdict(metadata, [[name, args.filter(([param]) => param !== required)], ...rest]), `${sample.id} without ${required}`).toBe(
          false,
        )
      const integer = args.findIndex(([param, value]) => fn.parameters.properties[param]?.type === 'integer' && /^-?\d+$/.test(value))
      if (integer !== -1) {
        integers++
        const asFloat = args.map(([param, value], index): [string, string] => [param, index === integer ? `${value}.0` : value])
        expect(verdict(metadata, [[name, asFloat], ...rest]), `${sample.id} with ${args[integer]![0]} written as a float`).toBe(false)
      }
    }
    expect(integers).toBeGreaterThan(0)
  })

  it.each(['irrelevance', 'live_irrelevance'] as const)('%s: right with no call, wrong with any', async (category) => {
    for (const sample of await samplesOf(category)) {
      const metadata = metadataOf(sample)
      expect(sample.target).toBe('no function call')
      expect(verdict(metadata, [])).toBe(true)
      expect(verdict(metadata, [[toolName(metadata.functions[0]!.name), []]])).toBe(false)
    }
  })
})
