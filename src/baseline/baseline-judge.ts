import { comparePairedStatistic, JUDGE_AGREEMENT_METRICS } from '../metrics/index.ts'
import type { Baseline, Comparison } from '../schema/index.ts'
import { judgeStatistics, type MeasuredSample, measuredSamples } from './judge-statistics.ts'
import type { SampleOutcome } from '../records/index.ts'

/** A baseline's record of what its judge was measured on: human labels and verdicts by sample id. */
export type BaselineJudge = NonNullable<Baseline['models'][string]['judge']>

/** Each measured sample once, by id: the first attempt of a repeated sample, as a baseline keeps one per sample. */
export function measuredById(samples: readonly SampleOutcome[]): Map<string, MeasuredSample> {
  const byId = new Map<string, MeasuredSample>()
  for (const [id, sample] of measuredSamples(samples)) if (!byId.has(id)) byId.set(id, sample)
  return byId
}

/** The samples a baseline's judge record holds, by id. */
export function measuredInBaseline(judge: BaselineJudge | undefined): Map<string, MeasuredSample> {
  const byId = new Map<string, MeasuredSample>()
  for (const [id, expected] of Object.entries(judge?.expected ?? {})) {
    const swapped = judge?.swapped?.[id]
    byId.set(id, { expected, verdicts: { original: judge?.original[id] ?? null, ...(swapped === undefined ? {} : { swapped }) } })
  }
  return byId
}

/** The baseline's judge record of these samples; undefined for none. */
export function baselineJudgeOf(samples: ReadonlyMap<string, MeasuredSample>): BaselineJudge | undefined {
  if (samples.size === 0) return undefined
  const judge: Required<BaselineJudge> = { expected: {}, original: {}, swapped: {} }
  for (const [id, { expected, verdicts }] of samples) {
    judge.expected[id] = expected
    judge.original[id] = verdicts.original
    if (verdicts.swapped !== undefined) judge.swapped[id] = verdicts.swapped
  }
  return Object.keys(judge.swapped).length > 0 ? judge : { expected: judge.expected, original: judge.original }
}

/**
 * The judge's corpus metrics (kappas, correlations) against the baseline's, on the samples both measured:
 * a paired bootstrap over those samples recomputes the figure on both sides of each resample.
 */
export function compareJudgeWithBaseline(current: ReadonlyMap<string, MeasuredSample>, baseline: BaselineJudge | undefined): Comparison[] {
  const before = measuredInBaseline(baseline)
  // in sample id order, so the bootstrap draws the same resamples however the run was split or ordered
  const ids = [...current.keys()].filter((id) => before.has(id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  if (ids.length === 0) return []
  const pairs = ids.map((id) => ({ baseline: before.get(id)!, current: current.get(id)! }))
  const comparisons: Comparison[] = []
  for (const statistic of judgeStatistics([...current.values()])) {
    const on =
      (side: 'baseline' | 'current') =>
      (items: readonly number[]): number | null =>
        statistic.value(items.map((i) => pairs[i]![side]).filter(statistic.covers))
    const range = JUDGE_AGREEMENT_METRICS[statistic.metric]?.range ?? { min: -1, max: 1 }
    const test = comparePairedStatistic(pairs.length, on('baseline'), on('current'), { range })
    if (test === null) continue
    // every corpus metric is higher-is-better, as is each sample's closeness
    const changes = pairs
      .filter((pair) => statistic.covers(pair.baseline) && statistic.covers(pair.current))
      .map((pair) => statistic.closeness(pair.current) - statistic.closeness(pair.baseline))
    const [worse, better] = [changes.filter((change) => change < 0).length, changes.filter((change) => change > 0).length]
    comparisons.push({ metric: statistic.metric, test: 'paired-bootstrap', n: pairs.length, ...test, worse, better })
  }
  return comparisons
}
