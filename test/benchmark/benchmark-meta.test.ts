import { describe, expect, it } from 'vitest'
import { benchmarkMeta } from '../../src/benchmark/benchmark-meta.ts'
import { defineBenchmark } from '../../src/benchmark/index.ts'
import { resolveDefined, resolveNamed } from '../../src/benchmark/resolve-benchmark.ts'
import { BenchmarkMetaSchema } from '../../src/schema/index.ts'

const dataset = [{ id: 'a', input: 'x', target: 'y' }]

describe('benchmarkMeta', () => {
  it('records the model or task, the gates and the error allowance, and no primary metric unless one is named', () => {
    const answer = (): string => 'y'
    expect(
      benchmarkMeta(resolveNamed('b', { dataset, task: answer, thresholds: { accuracy: 0.5 }, maxErrors: 2 }, undefined, undefined)),
    ).toEqual({
      kind: 'benchmark',
      name: 'b',
      model: 'answer',
      thresholds: { accuracy: 0.5 },
      maxErrors: 2,
    })
  })

  it('records the attempts per sample and the shard, for the reporter and pass@k', () => {
    const benchmark = defineBenchmark({ name: 'b', dataset, metrics: ['accuracy', 'f1'], primaryMetric: 'f1' })
    const meta = benchmarkMeta(
      resolveDefined(benchmark, { task: () => 'y', repeats: 4, shard: { index: 2, count: 3 } }, undefined, undefined),
    )
    expect(meta).toMatchObject({ primaryMetric: 'f1', repeats: 4, shard: { index: 2, count: 3 } })
    expect(BenchmarkMetaSchema.parse(meta)).toEqual(meta)
    expect(benchmarkMeta(resolveDefined(benchmark, { task: () => 'y', repeats: 1 }, undefined, undefined))).not.toHaveProperty('repeats')
  })
})
