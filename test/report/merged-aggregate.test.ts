import { describe, expect, it } from 'vitest'
import type { BenchmarkRecords } from '../../src/records/collect-runs.ts'
import { importProblem, mergedAggregateOf, needsMergedAggregate } from '../../src/report/merged-aggregate.ts'
import type { BenchmarkMeta } from '../../src/schema/index.ts'

const META: BenchmarkMeta = {
  kind: 'benchmark',
  name: 'translation',
  model: 'm',
  thresholds: {},
  maxErrors: 0,
  corpus: { rows: [], comparisons: [] },
}
const run = (meta: Partial<BenchmarkMeta> = {}, merged?: number[]): BenchmarkRecords => ({
  meta: { ...META, ...meta },
  file: 'evals/translation.eval.ts',
  samples: [],
  ...(merged ? { shards: { count: 2, merged } } : {}),
})
const bleu = (): Record<string, number> => ({ bleu: 0.3 })

describe('which runs the reporter runs the aggregate of', () => {
  it('is a merge of several shards of a benchmark with an aggregate, not one shard, an unsharded run, or no aggregate', () => {
    expect(needsMergedAggregate(run({}, [1, 2]))).toBe(true)
    expect(needsMergedAggregate(run({}, [1]))).toBe(false)
    expect(needsMergedAggregate(run())).toBe(false)
    expect(needsMergedAggregate(run({ corpus: undefined }, [1, 2]))).toBe(false)
  })
})

describe("a merged run's aggregate, from what its eval file declared", () => {
  it("is the benchmark's, and for a variant its benchmark's", () => {
    expect(mergedAggregateOf(run(), new Map([['translation', bleu]]))).toEqual({ aggregate: bleu })
    const variant = { of: 'translation', name: 'mini', values: { model: 'mini' }, reference: 'mini', compare: { alpha: 0.05 } }
    expect(mergedAggregateOf(run({ name: 'translation/mini', variant }), new Map([['translation', bleu]]))).toEqual({ aggregate: bleu })
  })

  it('says so when the file declares the benchmark without one, or not at all', () => {
    expect(mergedAggregateOf(run(), new Map([['translation', undefined]]))).toMatchInlineSnapshot(`
      {
        "problem": ""evals/translation.eval.ts", imported outside Vitest's test workers, declares "translation" without an aggregate",
      }
    `)
    expect(
      mergedAggregateOf(
        run(),
        new Map([
          ['summaries', bleu],
          ['captions', undefined],
        ]),
      ),
    ).toMatchInlineSnapshot(`
      {
        "problem": ""evals/translation.eval.ts", imported outside Vitest's test workers, declares no benchmark "translation" (it declares "summaries", "captions")",
      }
    `)
    expect(mergedAggregateOf(run(), new Map())).toMatchInlineSnapshot(`
      {
        "problem": ""evals/translation.eval.ts", imported outside Vitest's test workers, declares no benchmark "translation" (it declares none)",
      }
    `)
  })

  it("names the file and the first line of the import's error, without the list of causes Vitest goes on to", () => {
    const vitest = new Error('Vitest failed to find the current suite. One of the following is possible:\n- "vitest" is imported directly')
    expect(importProblem('evals/translation.eval.ts', vitest)).toMatchInlineSnapshot(`
      {
        "problem": "importing "evals/translation.eval.ts" outside Vitest's test workers failed (Vitest failed to find the current suite.); there describeBenchmark only records its benchmarks, and Vitest's describe, it and test cannot run, so keep those out of the top level of an eval file with an aggregate",
      }
    `)
    expect(importProblem('evals/translation.eval.ts', new Error('ENOENT: no such file or directory')).problem).toContain(
      '(ENOENT: no such file or directory)',
    )
  })
})
