import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineBenchmark } from '../../src/benchmark/index.ts'
import { resolveDefined, resolveNamed } from '../../src/benchmark/resolve-benchmark.ts'
import { judge } from '../../src/judge/index.ts'
import type { Model } from '../../src/model/index.ts'
import { ConfigError } from '../../src/errors.ts'

const model: Model = { name: 'm', generate: async () => ({ text: '', latencyMs: 0 }) }
const dataset = [{ id: 'a', input: 'x', target: 'y' }]
const benchmark = defineBenchmark({
  name: 'b',
  dataset,
  system: 'Be exact.',
  metrics: ['accuracy', 'brevity'],
  thresholds: { accuracy: 0.5, brevity: { max: 100 } },
  fewShot: { count: 5 },
  defaults: { limit: 50, repeats: 2, shuffle: true, seed: 9, subset: ['x'] },
  scorer: () => true,
})

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('resolveDefined', () => {
  it("takes the benchmark's defaults when nothing overrides them", () => {
    const resolved = resolveDefined(benchmark, { model }, undefined, undefined)
    expect(resolved.selection).toEqual({ limit: 50, subset: ['x'], repeats: 2, circular: false, shuffle: true, seed: 9, fewShot: 5 })
    expect(resolved.thresholds).toEqual({ accuracy: 0.5, brevity: { max: 100 } })
    expect(resolved.primaryMetric).toBe('accuracy')
    expect(resolved.run).toEqual({ model, system: 'Be exact.' })
    expect(resolved.scorer).toBe(benchmark.scorer)
    expect(resolved.where).toBe('describeBenchmark("b")')
  })

  it('lets the overrides win, thresholds metric by metric', () => {
    const scorer = (): boolean => false
    const resolved = resolveDefined(
      benchmark,
      {
        model,
        limit: 0.5,
        repeats: 1,
        shuffle: false,
        seed: 1,
        subset: ['y'],
        fewShot: 0,
        thresholds: { accuracy: 0.9 },
        system: 'Be kind.',
      },
      scorer,
      'evals/b.eval.ts:3',
    )
    expect(resolved.selection).toEqual({ limit: 0.5, subset: ['y'], repeats: 1, circular: false, shuffle: false, seed: 1, fewShot: 0 })
    expect(resolved.thresholds).toEqual({ accuracy: 0.9, brevity: { max: 100 } })
    expect(resolved.run.system).toBe('Be kind.')
    expect(resolved.scorer).toBe(scorer)
    expect(resolved.where).toBe('describeBenchmark("b") at evals/b.eval.ts:3')
  })

  it('shards from EVALSUITE_SHARD unless the shard option is given', () => {
    vi.stubEnv('EVALSUITE_SHARD', '2/3')
    expect(resolveDefined(benchmark, { model }, undefined, undefined).selection.shard).toEqual({ index: 2, count: 3 })
    expect(resolveDefined(benchmark, { model, shard: { index: 1, count: 2 } }, undefined, undefined).selection.shard).toEqual({
      index: 1,
      count: 2,
    })
    vi.stubEnv('EVALSUITE_SHARD', 'half')
    expect(() => resolveDefined(benchmark, { model }, undefined, undefined)).toThrow('EVALSUITE_SHARD must be "i/n"')
  })

  it('refuses bad overrides, naming the benchmark', () => {
    expect(() => resolveDefined(benchmark, { model, fewshot: 2 } as never, undefined, undefined)).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("b"): Unrecognized key: "fewshot".]`,
    )
    expect(() =>
      resolveDefined(benchmark, { model, shard: { index: 3, count: 2 }, repeats: 0 }, undefined, undefined),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("b"): option "repeats" Too small: expected number to be >0; option "shard" needs "index" between 1 and "count".]`,
    )
    expect(() => resolveDefined(benchmark, {}, undefined, undefined)).toThrow('give exactly one of "task" (your function) or "model"')
  })

  it('validates a definition that did not come from defineBenchmark', () => {
    expect(() => resolveDefined({ name: 'raw', dataset, metrics: [] }, { model }, undefined, undefined)).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("raw"): option "metrics" Too small: expected array to have >=1 items.]`,
    )
  })
})

describe('resolveNamed', () => {
  it('splits inline options into a definition and how it runs', () => {
    const resolved = resolveNamed(
      'inline',
      { dataset, model, prompt: 'Q: {input}', answer: { kind: 'number' }, limit: 3, repeats: 4, thresholds: { accuracy: 1 } },
      undefined,
      undefined,
    )
    expect(resolved.definition).toEqual({ name: 'inline', dataset, prompt: 'Q: {input}', answer: { kind: 'number' } })
    expect(resolved.selection).toEqual({ limit: 3, repeats: 4, circular: false, shuffle: false, seed: 0, fewShot: 0 })
    expect(resolved.thresholds).toEqual({ accuracy: 1 })
    expect(resolved.run).toEqual({ model })
  })

  it('takes any field of a definition inline, such as the subsets it declares beside the one it runs', () => {
    const samples = [
      { id: 'a', input: 'x', target: 'y', subset: 'easy' },
      { id: 'b', input: 'x', target: 'y', subset: 'hard' },
    ]
    const resolved = resolveNamed(
      'inline',
      { dataset: samples, model, subsets: ['easy', 'hard'], subset: ['hard'], metrics: ['accuracy'], description: 'Two levels.' },
      undefined,
      undefined,
    )
    expect(resolved.definition).toEqual({
      name: 'inline',
      dataset: samples,
      subsets: ['easy', 'hard'],
      metrics: ['accuracy'],
      description: 'Two levels.',
    })
    expect(resolved.selection.subset).toEqual(['hard'])
  })

  it("refuses, in one error, mistakes in the definition's fields and in the run's, and defaults, which inline are the selection itself", () => {
    expect(() =>
      resolveNamed('inline', { dataset, model, metrics: [], repeats: 0, defaults: { limit: 1 } } as never, undefined, undefined),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("inline"): option "metrics" Too small: expected array to have >=1 items; option "repeats" Too small: expected number to be >0; Unrecognized key: "defaults".]`,
    )
  })
})

describe('gates checked where the benchmark is declared, before any call', () => {
  const inline = (options: object, scorer?: () => boolean): unknown =>
    resolveNamed('quiz', { dataset, model, ...options }, scorer, 'evals/quiz.eval.ts:3')

  it('refuses a threshold on a metric the benchmark does not emit, naming the one it likely meant', () => {
    expect(() => inline({ thresholds: { acuracy: 0.5 } })).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("quiz") at evals/quiz.eval.ts:3: option "thresholds.acuracy" names "acuracy", which the benchmark does not emit; did you mean "accuracy"? (it emits "accuracy", "latency", "time_to_first_token", "input_tokens", "output_tokens", "cost").]`,
    )
    expect(() => inline({ regression: { maxDrop: 0.02, metric: 'acc' } })).toThrow(
      'option "regression.metric" names "acc", which the benchmark does not emit; did you mean "accuracy"?',
    )
  })

  it('lets only a benchmark that runs an agent gate the figures measured of its trajectory', () => {
    expect(() => inline({ thresholds: { steps: { max: 3 } } })).toThrow(
      'option "thresholds.steps" names "steps", which the benchmark does not emit',
    )
    const tools = { search: { parameters: { type: 'object' }, execute: () => 'found' } }
    expect(() => inline({ tools, thresholds: { steps: { max: 3 }, tool_errors: { max: 0.1 } } })).not.toThrow()
  })

  it("refuses a bound outside the metric's range, saying how a proportion is written", () => {
    expect(() =>
      inline({ thresholds: { accuracy: { min: 80, subsets: { hard: -0.5 } } }, regression: { maxDrop: 5 } }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("quiz") at evals/quiz.eval.ts:3: option "thresholds.accuracy.min" is 80, but "accuracy" is a proportion from 0 to 1: write 0.8 for 80%; option "thresholds.accuracy.subsets.hard" is -0.5, outside the range of "accuracy" (0 to 1); option "regression.maxDrop" is 5, but "accuracy" is a proportion from 0 to 1: write 0.05 for 5%.]`,
    )
  })

  it('names the metric the regression gate will watch, for its test, where it is known before the run', () => {
    const watched = (options: object, scorer?: () => boolean): unknown =>
      (resolveNamed('quiz', { dataset, model, ...options }, scorer, undefined) as { regressionMetric?: string }).regressionMetric
    expect(watched({ regression: { maxDrop: 0.02 } })).toBe('accuracy')
    expect(watched({ regression: { maxDrop: 0.02 }, primaryMetric: 'f1', metrics: ['f1'] })).toBe('f1')
    // a numeric judge that grades alone makes its grade the primary metric, on its own scale: maxDrop 0.5 of 1 to 5
    const graded = judge.numeric({ prompt: 'How helpful, 1 to 5?', min: 1, max: 5 })
    expect(watched({ regression: { maxDrop: 0.5 }, judge: { model, definition: graded } })).toBe('score')
    expect(watched({ regression: { maxDrop: 0.5 }, judge: { model, definition: graded, policy: 'cascade' } })).toBe('accuracy')
    // a scorer's own metrics decide it after the run; without a regression gate there is none to name
    expect(watched({ regression: { maxDrop: 0.02 } }, () => true)).toBeUndefined()
    expect(watched({})).toBeUndefined()
  })

  it('takes gates on the usage figures, and on the metric the judge records', () => {
    const labels = judge.labels({ prompt: 'Same answer?', labels: { same: 1, different: 0 }, metric: 'agreement' })
    expect(() =>
      inline({
        thresholds: { accuracy: 0.8, latency: { max: 2000 }, cost: { max: 0.01 }, agreement: 0.5 },
        judge: { model, definition: labels },
      }),
    ).not.toThrow()
  })

  it('lets a scorer gate metrics of its own, refusing only a name that looks like a typo of a known one', () => {
    expect(() => inline({ thresholds: { brevity: 0.5, accuracy: 0.8 } }, () => true)).not.toThrow()
    expect(() => inline({ thresholds: { acuracy: 0.8 } }, () => true)).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("quiz") at evals/quiz.eval.ts:3: option "thresholds.acuracy" names "acuracy"; did you mean "accuracy"? (if your scorer emits "acuracy", declare it: evalsuite({ metricDefinitions: { acuracy: { direction: 'higher' } } })).]`,
    )
  })

  it('checks the overrides of a defined benchmark against the metrics it declares', () => {
    const declared = defineBenchmark({ name: 'declared', dataset, metrics: ['accuracy', 'f1'], scorer: () => true })
    expect(() => resolveDefined(declared, { model, thresholds: { f2: 0.5 } }, undefined, undefined)).toThrow(
      'option "thresholds.f2" names "f2", which the benchmark does not emit; did you mean "f1"?',
    )
  })
})

describe('corpus metrics on a benchmark', () => {
  const balance = (): Record<string, number> => ({ balance: 1 })

  it('takes classification and aggregate from a definition, and lets describeBenchmark replace its aggregate', () => {
    const defined = defineBenchmark({ name: 'labels', dataset, classification: true, aggregate: balance })
    expect(resolveDefined(defined, { model }, undefined, undefined).run).toMatchObject({ classification: true, aggregate: balance })
    const own = (): Record<string, number> => ({ own: 1 })
    expect(resolveDefined(defined, { model, aggregate: own }, undefined, undefined).run.aggregate).toBe(own)
  })

  it('lets gates name classification figures, per-label ones included, and an aggregate\u2019s own names', () => {
    expect(() =>
      resolveNamed(
        'labels',
        { dataset, model, classification: true, thresholds: { macro_f1: 0.7, f1_negative: 0.5, kappa: 0.4 } },
        undefined,
        undefined,
      ),
    ).not.toThrow()
    expect(() =>
      resolveNamed('own', { dataset, model, aggregate: balance, thresholds: { balance: 0.5 } }, undefined, undefined),
    ).not.toThrow()
  })

  it('refuses an aggregate that is not a function, naming the option', () => {
    expect(() =>
      resolveNamed('own', { dataset, model, aggregate: 'bleu' as never }, undefined, undefined),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("own"): option "aggregate" Invalid input: expected function, received string.]`,
    )
  })

  it('refuses earlyStop where a gate is on a corpus metric, which is no running mean', () => {
    expect(() =>
      resolveNamed(
        'labels',
        { dataset, model, classification: true, earlyStop: true, thresholds: { macro_f1: 0.7 } },
        undefined,
        undefined,
      ),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("labels"): earlyStop decides on running means of per-sample scores, so it does not apply to "macro_f1", a corpus metric (classification); remove earlyStop, or gate on per-sample metrics only.]`,
    )
    expect(() =>
      resolveNamed('own', { dataset, model, aggregate: balance, earlyStop: true, thresholds: { accuracy: 0.7 } }, undefined, undefined),
    ).toThrow(/does not apply to a benchmark with its own aggregate/)
    expect(() =>
      resolveNamed(
        'labels',
        { dataset, model, classification: true, earlyStop: true, thresholds: { accuracy: 0.7 } },
        undefined,
        undefined,
      ),
    ).not.toThrow()
  })
})

describe('options named by field and rule', () => {
  const where = 'describeBenchmark("stops")'
  it.each([
    [
      'alpha NaN',
      { alpha: Number.NaN },
      `${where}: option "earlyStop.alpha" must be a number above 0 and below 1, such as 0.05; received NaN.`,
    ],
    [
      'minSamples 1.5',
      { minSamples: 1.5 },
      `${where}: option "earlyStop.minSamples" must be a whole number of at least 1, such as 100; received 1.5.`,
    ],
    [
      'minSamples Infinity',
      { minSamples: Number.POSITIVE_INFINITY },
      `${where}: option "earlyStop.minSamples" must be a whole number of at least 1, such as 100; received Infinity.`,
    ],
    ['null', null, `${where}: option "earlyStop" must be true, false or { alpha?, minSamples? }; received null.`],
    ['a string', 'yes', `${where}: option "earlyStop" must be true, false or { alpha?, minSamples? }; received "yes".`],
  ])('refuses earlyStop %s, naming the field, the rule and the value', (_, earlyStop, message) => {
    expect(() => resolveNamed('stops', { dataset, model, earlyStop: earlyStop as never }, undefined, undefined)).toThrow(
      new ConfigError(message),
    )
  })

  it('bounds repeats and limit, which expand to one test each', () => {
    expect(() =>
      resolveNamed('many', { dataset, model, repeats: 99_999_999, limit: 1e23 }, undefined, undefined),
    ).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("many"): option "limit" must be a whole count up to 1,000,000, or a fraction between 0 and 1; option "repeats" must be at most 1,000.]`,
    )
  })
})
