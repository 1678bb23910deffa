import { describe, expect, it } from 'vitest'
import { datasets, type Dataset } from '../../src/dataset/index.ts'
import { defineBenchmark, type BenchmarkDefinition, type BenchmarkOverrides } from '../../src/benchmark/index.ts'
import { prepareSamples } from '../../src/benchmark/prepare-samples.ts'
import { resolveDefined, resolveNamed } from '../../src/benchmark/resolve-benchmark.ts'
import type { Model } from '../../src/model/index.ts'
import type { SampleInput } from '../../src/dataset/index.ts'
import { contentText } from '../../src/schema/index.ts'

const SPLITS = 'fixtures/benchmark/splits.json'
const model: Model = { name: 'echo', generate: async () => ({ text: '', latencyMs: 0 }) }

// a record of the fixture: question, options, the index of the right one
const toSample = (record: Record<string, unknown>): SampleInput => ({
  input: String(record.q),
  choices: record.opts as string[],
  target: 'ABC'[Number(record.gold)] ?? '?',
  metadata: { topic: record.topic },
})

const science: BenchmarkDefinition = {
  name: 'science',
  dataset: datasets.json(SPLITS, { split: 'test' }),
  toSample,
  subsets: { field: 'topic', names: ['nature', 'space'] },
  prompt: '{input}\n\n{choices}',
  fewShot: { dataset: datasets.json(SPLITS, { split: 'train' }), count: 1, groupBy: 'subset' },
}

function prepare(definition: BenchmarkDefinition, overrides: Partial<BenchmarkOverrides> = {}) {
  return prepareSamples(resolveDefined(defineBenchmark(definition), { model, ...overrides }, undefined, undefined))
}

describe('prepareSamples', () => {
  it("makes samples with toSample (replacing the loader's mapping) and gives them their subsets", async () => {
    const { planned } = await prepare(science)
    expect(planned.map(({ key, sample }) => [key, sample.subset, sample.target, sample.choices?.length])).toEqual([
      [planned[0]!.sample.id, 'nature', 'B', 3],
      [planned[1]!.sample.id, 'space', 'C', 3],
      [planned[2]!.sample.id, 'nature', 'A', 3],
      [planned[3]!.sample.id, 'space', 'B', 3],
      [planned[4]!.sample.id, 'space', 'A', 3],
    ])
  })

  it('draws few-shot examples from the named split, of the same subset, into the prompt', async () => {
    const { planned, messagesOf } = await prepare(science)
    expect(messagesOf(planned[0]!.sample)).toEqual([
      {
        role: 'user',
        content:
          'What do bees make?\n\nA. Honey\nB. Silk\nC. Wax paper\nANSWER: A\n\n' +
          'Which gas do plants take in?\n\nA. Oxygen\nB. Carbon dioxide\nC. Helium',
      },
    ])
  })

  it('passes over a few-shot example that repeats the test question, taking the next in its place', async () => {
    const { planned, messagesOf } = await prepare(science)
    const closestStar = planned.find(({ sample }) => String(sample.input).startsWith('What is the closest star'))!
    expect(contentText(messagesOf(closestStar.sample)[0]!.content)).toMatch(/^Which planet is known as the red planet\?/)
    const rings = planned.find(({ sample }) => String(sample.input).startsWith('Which planet has'))!
    expect(contentText(messagesOf(rings.sample)[0]!.content)).toMatch(/^Which planet is known as the red planet\?/)
  })

  it('uses the few-shot count of the overrides, and none at all for 0', async () => {
    const { planned, messagesOf } = await prepare(science, { fewShot: 0 })
    expect(messagesOf(planned[0]!.sample)[0]!.content).toBe('Which gas do plants take in?\n\nA. Oxygen\nB. Carbon dioxide\nC. Helium')
    await expect(prepare(science, { fewShot: 3 })).rejects.toThrow(
      '3 few-shot examples per sample are asked for, but subset "nature" offers 2, subset "space" offers 2',
    )
  })

  it('chooses subsets, then shuffles, limits, filters and repeats, in that order', async () => {
    const definition = { ...science, filter: (sample: { target?: unknown }) => sample.target !== 'A' }
    const { planned } = await prepare(definition, { subset: ['space'], limit: 2, repeats: 2, fewShot: 0 })
    // space holds 3 samples; the first 2 are kept, and the filter then drops the one answered A
    expect(planned.map(({ key, sample, attempt }) => [key.replace(sample.id, 'id'), sample.target, attempt])).toEqual([
      ['id#0', 'C', 0],
      ['id#1', 'C', 1],
      ['id#0', 'B', 0],
      ['id#1', 'B', 1],
    ])
  })

  it('keeps the same order and samples for the same seed', async () => {
    const ids = async (seed: number): Promise<string[]> =>
      (await prepare(science, { shuffle: true, seed, fewShot: 0 })).planned.map((p) => p.sample.id)
    expect(await ids(3)).toEqual(await ids(3))
    expect(new Set(await ids(3))).toEqual(new Set(await ids(4)))
  })

  it("holds only this shard's samples, which together make up the whole", async () => {
    const whole = (await prepare(science, { fewShot: 0 })).planned.map((p) => p.sample.id)
    const one = (await prepare(science, { fewShot: 0, shard: { index: 1, count: 2 } })).planned.map((p) => p.sample.id)
    const two = (await prepare(science, { fewShot: 0, shard: { index: 2, count: 2 } })).planned.map((p) => p.sample.id)
    expect([...one, ...two].sort()).toEqual([...whole].sort())
    expect(one.filter((id) => two.includes(id))).toEqual([])
  })

  it('refuses "only" ids that are not among the selected samples, but not those of another shard', async () => {
    await expect(prepare(science, { only: ['nope'] })).rejects.toThrow('option "only" names unknown sample ids: nope.')
    const whole = (await prepare(science, { fewShot: 0 })).planned
    const ids = whole.map((p) => p.sample.id)
    for (const index of [1, 2]) await expect(prepare(science, { only: ids.slice(0, 1), shard: { index, count: 2 } })).resolves.toBeTruthy()
  })

  it('fails when no sample is left', async () => {
    await expect(prepare({ ...science, filter: () => false })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("science"): no sample is left after the subsets, limit and filter.]`,
    )
  })

  it('maps an inline array of records with toSample too', async () => {
    const { planned } = await prepare({ name: 'inline', dataset: [{ q: 'Two?', opts: ['1', '2'], gold: 1, topic: 't' }], toSample })
    expect(planned[0]!.sample).toMatchObject({ input: 'Two?', target: 'B', choices: ['1', '2'], metadata: { topic: 't' } })
  })

  it("draws few-shot examples from the benchmark's own samples when no few-shot dataset is given", async () => {
    const { planned, messagesOf } = await prepare({ ...science, fewShot: { count: 2 } })
    const first = contentText(messagesOf(planned[0]!.sample)[0]!.content)
    expect(first.startsWith('What is the largest planet?')).toBe(true)
    expect(first.split('ANSWER:')).toHaveLength(3)
  })

  it('reads a bare number as that many examples from the own samples, in a definition and inline alike', async () => {
    const inline = async (fewShot: number) => {
      const resolved = resolveNamed('science', { dataset: science.dataset as Dataset, model, fewShot }, undefined, undefined)
      return prepareSamples({ ...resolved, definition: { ...resolved.definition, toSample } })
    }
    // the examples' answers: the prompt's own instruction may name "ANSWER:" too, the same with examples or without
    const answers = ({ planned, messagesOf }: Awaited<ReturnType<typeof prepareSamples>>): number =>
      contentText(messagesOf(planned[0]!.sample)[0]!.content).split('ANSWER:').length
    expect(answers(await prepare({ ...science, fewShot: 2 })) - answers(await prepare(science, { fewShot: 0 }))).toBe(2)
    expect(answers(await inline(2)) - answers(await inline(0))).toBe(2)
    expect(() => resolveNamed('science', { dataset: science.dataset as Dataset, model, fewShot: -1 }, undefined, undefined)).toThrow(
      'option "fewShot"',
    )
  })
})

describe('prepareSamples: how many tests a run may hold', () => {
  // 2,000 samples × 1,000 attempts planned two million tests, in a worker that ran out of memory before a word
  it('refuses more than a million tests before planning them, within seconds', async () => {
    const many = Array.from({ length: 2000 }, (_, index) => ({ id: `s${index}`, input: `q${index}`, target: 'a' }))
    const started = performance.now()
    await expect(
      prepareSamples(resolveNamed('many', { dataset: many, model, repeats: 1000 }, undefined, undefined)),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("many"): 2,000 samples × 1,000 attempts is 2,000,000 tests, over the 1,000,000 one run of a benchmark may hold; lower "limit" or "repeats", or run it in shards.]`,
    )
    expect(performance.now() - started).toBeLessThan(5000)
  })
})
