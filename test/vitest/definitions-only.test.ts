import { expect, it } from 'vitest'
import { defineBenchmark } from '../../src/benchmark/index.ts'
import { describeBenchmark } from '../../src/vitest/describe-benchmark.ts'
import { aggregateCollector, collectAggregates, type CorpusSample } from '../../src/metrics/index.ts'

const share = (samples: readonly CorpusSample[]): Record<string, number> => ({
  answered: samples.filter((s) => s.answer !== null).length / samples.length,
})
const count = (samples: readonly CorpusSample[]): Record<string, number> => ({ samples: samples.length })
const dataset = [{ id: 'a', input: '1+1', target: '2' }]

// as the reporter imports an eval file for a merge of shards: at collection time, outside any suite of this file's
const collected = await collectAggregates(async () => {
  describeBenchmark('inline-own', { dataset, task: () => '2', aggregate: share })
  describeBenchmark('inline-plain', { dataset, task: () => '2' })
  describeBenchmark(defineBenchmark({ name: 'defined-own', dataset, aggregate: count }), { task: () => '2' })
  describeBenchmark(defineBenchmark({ name: 'defined-replaced', dataset, aggregate: count }), { task: () => '2', aggregate: share })
  describeBenchmark.skip('varied', {
    dataset,
    task: () => '2',
    variants: { system: { terse: 'Be terse.', plain: 'Answer.' } },
    aggregate: share,
  })
})

it("records each benchmark's aggregate by name, the variants' under their benchmark's name, and declares nothing", ({ task }) => {
  expect(collected).toEqual(
    new Map([
      ['inline-own', share],
      ['inline-plain', undefined],
      ['defined-own', count],
      ['defined-replaced', share],
      ['varied', share],
    ]),
  )
  // this file's three tests, and no benchmark suite
  expect(task.file.tasks.map((declared) => declared.type)).toEqual(['test', 'test', 'test'])
})

it('records only within the import: code running beside it, meanwhile, declares its suites as ever', async () => {
  let finish = (): void => undefined
  const importing = collectAggregates(() => new Promise<void>((resolve) => (finish = resolve)))
  // this test's own context, while the import waits
  const beside = aggregateCollector()
  finish()
  await importing
  expect(beside).toBeUndefined()
})

it('stops recording once the import is over, even when it failed', async () => {
  await expect(collectAggregates(() => Promise.reject(new Error('describe outside a worker')))).rejects.toThrow('describe outside a worker')
  expect(aggregateCollector()).toBeUndefined()
})
