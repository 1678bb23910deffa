import { expect, it, vi } from 'vitest'
import type { CorpusSample } from '../../src/metrics/index.ts'
import { describeBenchmark } from '../../src/vitest/describe-benchmark.ts'

// the benchmarks below run in this file as an eval file's do under the plugin: its gate settings provided, and each
// report the gate tests build counted by benchmark
const { built } = vi.hoisted(() => ({ built: new Map<string, number>() }))

vi.mock(import('../../src/vitest/provided-settings.ts'), async (original) => ({
  ...(await original()),
  providedGateSettings: () => ({ root: '/', baselines: { dir: 'no-baselines-here' }, updateMode: 'new' }),
}))

vi.mock(import('../../src/report/report-run.ts'), async (original) => {
  const module = await original()
  return {
    ...module,
    evaluateBenchmark: (...args: Parameters<typeof module.evaluateBenchmark>) => {
      const name = args[0].variant?.of ?? args[0].name
      built.set(name, (built.get(name) ?? 0) + 1)
      return module.evaluateBenchmark(...args)
    },
  }
})

const dataset = ['a', 'b', 'c', 'd'].map((id) => ({ id, input: `say ${id}`, target: id }))
const task = (sample: { target?: unknown }): string => String(sample.target)
const aggregateCalls = { one: 0, three: 0 }
const counted = (key: keyof typeof aggregateCalls) => (samples: readonly CorpusSample[]) => {
  aggregateCalls[key] += 1
  return { answered: samples.filter((sample) => sample.answer !== null).length / samples.length }
}

// one gate test (the error allowance), and three (two thresholds and the error allowance)
describeBenchmark('one', { dataset, task, aggregate: counted('one') })
describeBenchmark('three', { dataset, task, aggregate: counted('three'), thresholds: { accuracy: 0.5, answered: 0.5 } })
// three variants, each with its gate test, and two compare gates that read every variant's report
describeBenchmark('varied', {
  dataset,
  task,
  variants: { system: { terse: 'Be terse.', plain: 'Answer.', formal: 'Answer formally.' } },
  compare: { maxDrop: 0.5 },
})

it("builds one report per benchmark for all its gate tests: the baseline read once, the user's aggregate and its bootstrap run once", () => {
  expect(aggregateCalls.one).toBeGreaterThan(0)
  expect(aggregateCalls.three).toBe(aggregateCalls.one)
  expect(built.get('one')).toBe(1)
  expect(built.get('three')).toBe(1)
})

it("builds one report per variant, shared by the variant's gate tests and every compare gate", () => {
  expect(built.get('varied')).toBe(3)
})
