import { describe, expect, expectTypeOf, it } from 'vitest'
import { defineBenchmark, type Benchmark, type BenchmarkDefinition } from '../../src/benchmark/index.ts'
import { ConfigError } from '../../src/errors.ts'

const base: BenchmarkDefinition = { name: 'arith', dataset: [{ id: 'a', input: '1+1', target: '2' }] }

function configError(run: () => unknown): ConfigError {
  try {
    run()
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('defineBenchmark', () => {
  it('returns the definition, frozen, as a value describeBenchmark takes', () => {
    const benchmark = defineBenchmark({ ...base, metrics: ['accuracy'], thresholds: { accuracy: 0.5 } })
    expect(benchmark).toEqual({ ...base, metrics: ['accuracy'], thresholds: { accuracy: 0.5 } })
    expect(Object.isFrozen(benchmark)).toBe(true)
    expectTypeOf(benchmark).toEqualTypeOf<Benchmark>()
  })

  it('can be spread into a new definition, to adapt a benchmark', () => {
    const shorter = defineBenchmark({ ...defineBenchmark(base), name: 'arith-short', defaults: { limit: 1 } })
    expect(shorter.name).toBe('arith-short')
    expect(shorter.dataset).toBe(base.dataset)
  })

  it("lists every problem of a definition at once, with each option's path", () => {
    const error = configError(() =>
      defineBenchmark({
        ...base,
        fewShot: { count: -1 },
        subsets: { field: '' },
        defaults: { limit: 2.5, repeats: 0 },
        answer: { kind: 'nonsense' } as never,
      }),
    )
    expect(error.code).toBe('EVALSUITE_CONFIG_INVALID')
    expect(error.message).toMatchInlineSnapshot(
      `"defineBenchmark("arith"): option "subsets.field" Too small: expected string to have >=1 characters; option "fewShot.count" Too small: expected number to be >=0; option "answer.kind" Invalid option: expected one of "exact"|"includes"|"regex"|"number"|"choice"|"math"|"code"; option "defaults.limit" must be a whole count up to 1,000,000, or a fraction between 0 and 1; option "defaults.repeats" Too small: expected number to be >0."`,
    )
  })

  it('refuses unknown options, so a typo cannot silently drop a setting', () => {
    expect(configError(() => defineBenchmark({ ...base, threshold: { accuracy: 1 } } as never)).message).toMatchInlineSnapshot(
      `"defineBenchmark("arith"): Unrecognized key: "threshold"."`,
    )
  })

  it('refuses a gate or a primary metric the benchmark does not declare', () => {
    const error = configError(() => defineBenchmark({ ...base, metrics: ['accuracy'], primaryMetric: 'f1', thresholds: { acc: 0.5 } }))
    expect(error.message).toMatchInlineSnapshot(
      `"defineBenchmark("arith"): option "primaryMetric" names a metric the benchmark does not declare (it declares accuracy); option "thresholds.acc" gates a metric the benchmark does not declare; did you mean "accuracy"? (it declares accuracy)."`,
    )
    // the usage figures are measured for every call, declared or not
    expect(() => defineBenchmark({ ...base, metrics: ['accuracy'], thresholds: { latency: { max: 2000 } } })).not.toThrow()
  })

  it('refuses default subsets that are not listed, and a subset listed twice', () => {
    const error = configError(() => defineBenchmark({ ...base, subsets: ['a', 'b', 'a'], defaults: { subset: ['c'] } }))
    expect(error.message).toMatchInlineSnapshot(
      `"defineBenchmark("arith"): option "subsets" lists a subset twice; option "defaults.subset" names "c", which is not a listed subset."`,
    )
  })

  it('refuses a definition without a name or a dataset', () => {
    expect(configError(() => defineBenchmark({ name: '' } as never)).message).toMatchInlineSnapshot(
      `"defineBenchmark(""): option "name" Too small: expected string to have >=1 characters; option "dataset" must be an array of samples or a loader from datasets.*."`,
    )
  })
})
