import type { Aggregation, Interval, MetricRow, MetricSemantics } from '../schema/index.ts'
import { macroMeanInterval } from './bootstrap.ts'
import { clusteredInterval } from './interval.ts'
import { majorityVote, passAtK, passHatK } from './pass-at-k.ts'
import { summarize } from './summarize.ts'

/** One scored value of one metric: a sample's, or one attempt's when samples repeat. */
export interface Observation {
  /** The sample id; attempts of one sample share it, and are not independent of each other. */
  sample: string
  /** 0-based attempt index; 0 when samples do not repeat. */
  attempt: number
  subset: string | null
  value: number
  /** The answer extracted from the reply, for majority votes; null when none was. */
  answer: string | null
}

/** Below this many samples a row's interval is too wide to tell a change of a few points from noise. */
export const SMALL_SAMPLE = 30

/** The label of samples without a subset, in a benchmark whose other samples have one. */
export const NO_SUBSET = '(none)'

type Row = Omit<MetricRow, 'metric'>

function clip(interval: Interval | null, range: MetricSemantics['range']): Interval | null {
  if (interval === null) return null
  const lower = range.min === null ? interval.lower : Math.max(range.min, interval.lower)
  const upper = range.max === null ? interval.upper : Math.min(range.max, interval.upper)
  return { ...interval, lower, upper }
}

function bySample(observations: readonly Observation[]): Map<string, Observation[]> {
  const groups = new Map<string, Observation[]>()
  for (const observation of observations) {
    const group = groups.get(observation.sample)
    if (group) group.push(observation)
    else groups.set(observation.sample, [observation])
  }
  for (const group of groups.values()) group.sort((a, b) => a.attempt - b.attempt)
  return groups
}

function row(fields: Pick<Row, 'aggregation' | 'k' | 'subset' | 'averaging' | 'n' | 'samples' | 'excluded'>, value: number | null, interval: Interval | null): Row {
  return { ...fields, value, interval, smallSample: fields.samples > 0 && fields.samples < SMALL_SAMPLE }
}

function meanRow(observations: readonly Observation[], subset: string | null, range: MetricSemantics['range']): Row {
  const groups = [...bySample(observations).values()].map((group) => group.map((o) => o.value))
  const values = groups.flat()
  const repeated = groups.some((group) => group.length > 1)
  const summary = summarize(values)
  const interval = repeated ? clusteredInterval(groups) : summary.interval
  const fields = { aggregation: 'mean' as const, k: null, subset, averaging: 'micro' as const, n: values.length, samples: groups.length, excluded: 0 }
  return row(fields, summary.value, clip(interval, range))
}

function macroRow(strata: ReadonlyMap<string, Observation[]>, range: MetricSemantics['range']): Row {
  // subsets and samples in a fixed order, so the bootstrap resamples alike however the run was split or ordered
  const groups = [...strata.keys()].sort().map((subset) =>
    [...bySample(strata.get(subset)!)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group.map((o) => o.value)),
  )
  const means = groups.map((stratum) => {
    const values = stratum.flat()
    return values.reduce((a, b) => a + b, 0) / values.length
  })
  const value = means.reduce((a, b) => a + b, 0) / means.length
  const n = groups.reduce((total, stratum) => total + stratum.flat().length, 0)
  const samples = groups.reduce((total, stratum) => total + stratum.length, 0)
  const fields = { aggregation: 'mean' as const, k: null, subset: null, averaging: 'macro' as const, n, samples, excluded: 0 }
  return row(fields, value, clip(macroMeanInterval(groups), range))
}

const PER_SAMPLE: Record<Exclude<Aggregation, 'mean'>, (attempts: readonly Observation[], k: number) => number> = {
  pass_at_k: (attempts, k) => passAtK(attempts.length, attempts.filter((o) => o.value === 1).length, k),
  pass_hat_k: (attempts, k) => passHatK(attempts.length, attempts.filter((o) => o.value === 1).length, k),
  majority_vote: (attempts, k) => majorityVote(attempts.slice(0, k).map((o) => ({ answer: o.answer, value: o.value }))),
}

function attemptsRow(aggregation: Exclude<Aggregation, 'mean'>, observations: readonly Observation[], k: number, subset: string | null): Row {
  const groups = [...bySample(observations).values()]
  // a sample counts only with k scored attempts: fewer would bias pass@k down and pass^k up
  const eligible = groups.filter((group) => group.length >= k)
  const values = eligible.map((group) => PER_SAMPLE[aggregation](group, k))
  const summary = summarize(values)
  const fields = { aggregation, k, subset, averaging: 'micro' as const, n: eligible.length, samples: eligible.length, excluded: groups.length - eligible.length }
  return row(fields, summary.value, summary.interval)
}

/** How one metric is aggregated. */
export interface AggregateOptions {
  /** Attempts per sample the benchmark planned; pass@k, pass^k and majority vote use k = attempts when it is above 1. */
  attempts: number
  /** The metric's range, to which intervals are clipped. */
  range: MetricSemantics['range']
}

/**
 * The rows of one metric: the mean over all samples (micro), the mean of the subset means (macro) and each subset's
 * mean; when samples repeat and the metric is pass/fail, also pass@k, pass^k and majority vote at k, overall and per
 * subset. Errored attempts are not observations, so they never count as failures.
 */
export function aggregateMetric(observations: readonly Observation[], options: AggregateOptions): Row[] {
  const strata = new Map<string, Observation[]>()
  const named = observations.some((o) => o.subset !== null)
  for (const observation of observations) {
    const key = observation.subset ?? NO_SUBSET
    const stratum = strata.get(key)
    if (stratum) stratum.push(observation)
    else strata.set(key, [observation])
  }
  const subsets = named && strata.size > 1 ? [...strata.keys()].sort() : []
  const rows: Row[] = [meanRow(observations, null, options.range)]
  if (subsets.length > 0) {
    rows.push(macroRow(strata, options.range))
    for (const subset of subsets) rows.push(meanRow(strata.get(subset)!, subset, options.range))
  }
  const k = options.attempts
  if (k > 1 && observations.every((o) => o.value === 0 || o.value === 1)) {
    for (const aggregation of ['pass_at_k', 'pass_hat_k', 'majority_vote'] as const) {
      rows.push(attemptsRow(aggregation, observations, k, null))
      for (const subset of subsets) rows.push(attemptsRow(aggregation, strata.get(subset)!, k, subset))
    }
  }
  return rows
}
