import { expect, it } from 'vitest'
import { defineBenchmark } from '../../src/benchmark/index.ts'
import { resolveVariants } from '../../src/benchmark/resolve-variants.ts'
import type { Model } from '../../src/model/index.ts'

const modelNamed = (name: string): Model => ({ name, generate: async () => ({ text: '', latencyMs: 0 }) })
const mini = modelNamed('mini-model')
const large = modelNamed('large-model')
const dataset = [{ id: 'a', input: 'x', target: 'y' }]

it('declares one benchmark per combination, named <benchmark>/<variant>, each with its model and prompt', () => {
  const group = resolveVariants(
    'qa',
    {
      dataset,
      variants: { model: { mini, large }, prompt: { terse: '{input}', stepwise: 'Step by step: {input}' } },
      compare: { maxDrop: 0.02 },
    },
    undefined,
    undefined,
  )
  expect(group.benchmarks.map((b) => [b.definition.name, b.run.model?.name, b.definition.prompt, b.variant?.values])).toEqual([
    ['qa/mini/terse', 'mini-model', '{input}', { model: 'mini', prompt: 'terse' }],
    ['qa/mini/stepwise', 'mini-model', 'Step by step: {input}', { model: 'mini', prompt: 'stepwise' }],
    ['qa/large/terse', 'large-model', '{input}', { model: 'large', prompt: 'terse' }],
    ['qa/large/stepwise', 'large-model', 'Step by step: {input}', { model: 'large', prompt: 'stepwise' }],
  ])
  // the first variant is the reference unless compare.against names another
  expect(group.benchmarks.map((b) => b.variant?.reference)).toEqual(Array(4).fill('mini/terse'))
  expect(group.compare).toEqual({ maxDrop: 0.02, alpha: 0.05 })
})

it('varies the prompt and system of a defined benchmark, which keeps its other defaults', () => {
  const benchmark = defineBenchmark({ name: 'defined', dataset, prompt: 'Q: {input}', defaults: { limit: 1 } })
  const group = resolveVariants(
    benchmark,
    {
      model: mini,
      variants: { prompt: { plain: '{input}' }, system: { kind: 'Be kind.', exact: 'Be exact.' } },
      compare: { against: 'plain/exact' },
    },
    undefined,
    undefined,
  )
  expect(
    group.benchmarks.map((b) => [b.definition.name, b.definition.prompt, b.run.system, b.selection.limit, b.variant?.reference]),
  ).toEqual([
    ['defined/plain/kind', '{input}', 'Be kind.', 1, 'plain/exact'],
    ['defined/plain/exact', '{input}', 'Be exact.', 1, 'plain/exact'],
  ])
})

it('leaves a benchmark without variants as it was, a single benchmark without a variant record', () => {
  const group = resolveVariants('plain', { dataset, model: mini }, undefined, undefined)
  expect(group.benchmarks.map((b) => [b.definition.name, b.variant])).toEqual([['plain', undefined]])
  expect(group.compare).toBeUndefined()
})

it('refuses, in one error, a varied option given outright too, a name with "/" and a bad compare', () => {
  expect(() =>
    resolveVariants(
      'qa',
      { dataset, model: mini, variants: { model: { 'a/b': large }, prompt: {} }, compare: { maxDrop: -1 } },
      undefined,
      undefined,
    ),
  ).toThrowErrorMatchingInlineSnapshot(
    `[ConfigError: describeBenchmark("qa"): option "variants.model" has a name that is empty or holds "/", which joins the names of a variant; option "variants.prompt" needs at least one alternative; option "compare.maxDrop" Too small: expected number to be >=0; option "model" is varied by "variants.model"; remove one of them.]`,
  )
})

it('refuses compare.against naming no variant, and compare without variants', () => {
  expect(() =>
    resolveVariants('qa', { dataset, variants: { model: { mini, large } }, compare: { against: 'medium' } }, undefined, undefined),
  ).toThrowErrorMatchingInlineSnapshot(
    `[ConfigError: describeBenchmark("qa"): option "compare.against" names "medium", which is not a variant; the variants are "mini", "large".]`,
  )
  expect(() =>
    resolveVariants('qa', { dataset, model: mini, compare: { maxDrop: 0.02 } }, undefined, undefined),
  ).toThrowErrorMatchingInlineSnapshot(
    `[ConfigError: describeBenchmark("qa"): option "compare" compares the variants of a benchmark; add "variants", or remove "compare".]`,
  )
})
