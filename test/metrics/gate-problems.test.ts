import { describe, expect, it } from 'vitest'
import { gateCatalog, gateProblems, type GateEntry } from '../../src/metrics/index.ts'

const closed = { scores: ['accuracy'], open: false }
const open = { scores: ['accuracy'], open: true }
const gate = (metric: string, ...values: number[]): GateEntry => ({
  option: `gate ${metric}`,
  metric,
  bounds: values.map((value) => ({ option: `bound ${metric}`, value })),
})

describe('gateProblems', () => {
  it('takes what the benchmark emits, and the usage figures every call has', () => {
    expect(gateProblems([gate('accuracy', 0.8), gate('latency', 2000), gate('cost', 0.01)], closed, gateCatalog())).toEqual([])
  })

  it('names the metric a misspelt or abbreviated one likely meant', () => {
    expect(
      gateProblems(
        [gate('acuracy', 0.5), gate('acc', 0.5), gate('Accuracy', 0.5), gate('latancy', 9), gate('bleu', 0.5)],
        closed,
        gateCatalog(),
      ),
    ).toEqual([
      'gate acuracy names "acuracy", which the benchmark does not emit; did you mean "accuracy"? (it emits "accuracy", "latency", "time_to_first_token", "input_tokens", "output_tokens", "cost")',
      'gate acc names "acc", which the benchmark does not emit; did you mean "accuracy"? (it emits "accuracy", "latency", "time_to_first_token", "input_tokens", "output_tokens", "cost")',
      'gate Accuracy names "Accuracy", which the benchmark does not emit; did you mean "accuracy"? (it emits "accuracy", "latency", "time_to_first_token", "input_tokens", "output_tokens", "cost")',
      'gate latancy names "latancy", which the benchmark does not emit; did you mean "latency"? (it emits "accuracy", "latency", "time_to_first_token", "input_tokens", "output_tokens", "cost")',
      'gate bleu names "bleu", which the benchmark does not emit (it emits "accuracy", "latency", "time_to_first_token", "input_tokens", "output_tokens", "cost")',
    ])
  })

  it("refuses a bound outside the metric's range, and writes a percentage of a proportion as the proportion", () => {
    const catalog = gateCatalog({ politeness: { direction: 'higher', range: [0, 1] }, stars: { direction: 'higher', range: [1, 5] } })
    expect(
      gateProblems(
        [gate('accuracy', 80, 1, 0), gate('politeness', 55), gate('stars', 0.5), gate('latency', -1)],
        { scores: ['accuracy', 'politeness', 'stars'], open: false },
        catalog,
      ),
    ).toEqual([
      'bound accuracy is 80, but "accuracy" is a proportion from 0 to 1: write 0.8 for 80%',
      'bound politeness is 55, but "politeness" is a proportion from 0 to 1: write 0.55 for 55%',
      'bound stars is 0.5, outside the range of "stars" (1 to 5)',
      'bound latency is -1, outside the range of "latency" (0 to ∞)',
    ])
  })

  it("lets a scorer's own metrics through unless the name is close to one the run knows", () => {
    const catalog = gateCatalog({ politeness: { direction: 'higher' } })
    expect(gateProblems([gate('brevity', 0.5), gate('politeness', 0.5), gate('f1', 0.5)], open, catalog)).toEqual([])
    expect(gateProblems([gate('politness', 0.5)], open, catalog)).toEqual([
      `gate politness names "politness"; did you mean "politeness"? (if your scorer emits "politness", declare it: evalsuite({ metricDefinitions: { politness: { direction: 'higher' } } }))`,
    ])
  })

  it("needs a primary metric in the catalog, unless the catalog may lack the user's metrics", () => {
    const primary: GateEntry = { option: 'option "primaryMetric"', metric: 'brevity', primary: true }
    expect(gateProblems([primary], open, gateCatalog())).toEqual([
      `option "primaryMetric" names "brevity", which is not in the metric catalog, so it has no direction to be the benchmark's primary metric; declare it: evalsuite({ metricDefinitions: { brevity: { direction: 'higher' } } })`,
    ])
    expect(gateProblems([primary], open, gateCatalog({ brevity: { direction: 'higher' } }))).toEqual([])
    expect(gateProblems([primary], open, gateCatalog({}, false))).toEqual([])
  })

  it('checks only the bounds of a metric the gate did not name', () => {
    expect(gateProblems([{ ...gate('accuracy', 5), implied: true }], open, gateCatalog())).toEqual([
      'bound accuracy is 5, but "accuracy" is a proportion from 0 to 1: write 0.05 for 5%',
    ])
  })
})
