import type { Aggregation, Interval, MetricRow, MetricSemantics } from '../schema/index.ts'
import { clusteredInterval, stratifiedInterval, tQuantile975, wilson } from './interval.ts'
import { noIntervalReason } from './no-interval.ts'
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
const NO_SUBSET = '(none)'

type Row = Omit<MetricRow, 'metric'>

function clip(interval: Interval | null, range: MetricSemantics['range']): Interval | null {
  if (interval === null) return null
  const lower = range.min === null ? interval.lower : Math.max(range.min, interval.lower)
  const upper = range.max === null ? interval.upper : Math.min(range.max, interval.upper)
  return { ...interval, lower, upper }
}

// one sample's scored attempts, in attempt order, with their values pulled out once
interface SampleGroup {
  attempts: Observation[]
  values: number[]
}

// the samples behind one row: every scored value, and each sample's attempts when samples repeat (without repeats,
// each value is a sample of its own and no grouping is built: a large run's report is built from this)
interface Cohort {
  values: number[]
  groups: SampleGroup[] | undefined
}

function bySample(observations: readonly Observation[]): SampleGroup[] {
  const groups = new Map<string, Observation[]>()
  for (const observation of observations) {
    const group = groups.get(observation.sample)
    if (group) group.push(observation)
    else groups.set(observation.sample, [observation])
  }
  const sampleGroups: SampleGroup[] = []
  for (const attempts of groups.values()) {
    if (attempts.length > 1) attempts.sort((a, b) => a.attempt - b.attempt)
    sampleGroups.push({ attempts, values: attempts.map((o) => o.value) })
  }
  return sampleGroups
}

function groupedCohort(groups: SampleGroup[]): Cohort {
  const values: number[] = []
  for (const group of groups) for (const value of group.values) values.push(value)
  return { values, groups }
}

const sampleCount = (cohort: Cohort): number => cohort.groups?.length ?? cohort.values.length
const clustersOf = (cohort: Cohort): number[][] => cohort.groups?.map((group) => group.values) ?? cohort.values.map((value) => [value])

function row(
  fields: Pick<Row, 'aggregation' | 'k' | 'subset' | 'averaging' | 'n' | 'samples' | 'excluded'>,
  value: number | null,
  interval: Interval | null,
): Row {
  const reason =
    interval === null ? { noInterval: noIntervalReason({ value, samples: fields.samples, aggregation: fields.aggregation }) } : {}
  return { ...fields, value, interval, ...reason, smallSample: fields.samples > 0 && fields.samples < SMALL_SAMPLE }
}

// up to this many samples the effective size of a bounded mean is held to EFFECTIVE_CAP times n: a sample that
// missed the rare large scores of a skewed population understates the variance, and so the width, too
const CAPPED_UP_TO = 100
const EFFECTIVE_CAP = 1.5

/**
 * A t interval of skewed scores misses often: scores near 0 of 5 samples about half the time, of 30 to 100 samples
 * 8 to 18% of the time (bench:coverage), since the mean of a skewed population is skewed too and t is symmetric. So
 * within a bounded range it is widened to the Wilson interval of the mean's share p of the range, which leans the
 * way the mean does. Its sample size: below SMALL_SAMPLE samples n, the widest a mean of values in that range can
 * need (none varies more than a pass/fail value of the same mean); from there on the effective size p(1 − p) over
 * the variance of the mean (as a share of the range), held to 1.5 n up to 100 samples.
 */
function boundedT(interval: Interval | null, value: number | null, n: number, range: MetricSemantics['range']): Interval | null {
  const { min, max } = range
  if (interval?.method !== 't' || value === null || min === null || max === null || !(max > min)) return interval
  const span = max - min
  const share = Math.min(1, Math.max(0, (value - min) / span))
  // the t interval's half width over its quantile is the standard error of the mean
  const standardError = (interval.upper - interval.lower) / 2 / tQuantile975(n - 1) / span
  const effective = standardError > 0 && share > 0 && share < 1 ? (share * (1 - share)) / standardError ** 2 : n
  const size = n < SMALL_SAMPLE ? n : n <= CAPPED_UP_TO ? Math.min(effective, EFFECTIVE_CAP * n) : effective
  // below SMALL_SAMPLE the size is n, as for pass/fail values of the same mean, and so is the count shift
  const score = wilson(share, size, 'bounded-t', n < SMALL_SAMPLE ? undefined : 0)
  const lower = Math.min(interval.lower, min + span * score.lower)
  const upper = Math.max(interval.upper, max - span * (1 - score.upper))
  return { lower, upper, level: 0.95, method: 'bounded-t' }
}

function meanRow(cohort: Cohort, subset: string | null, range: MetricSemantics['range']): Row {
  const { values, groups } = cohort
  const summary = summarize(values)
  const interval =
    groups !== undefined && values.length > groups.length
      ? clusteredInterval(groups.map((group) => group.values))
      : boundedT(summary.interval, summary.value, values.length, range)
  const fields = {
    aggregation: 'mean' as const,
    k: null,
    subset,
    averaging: 'micro' as const,
    n: values.length,
    samples: sampleCount(cohort),
    excluded: 0,
  }
  return row(fields, summary.value, clip(interval, range))
}

function macroRow(strata: readonly Cohort[], range: MetricSemantics['range']): Row {
  const means = strata.map(({ values }) => values.reduce((a, b) => a + b, 0) / values.length)
  const value = means.reduce((a, b) => a + b, 0) / means.length
  const n = strata.reduce((total, stratum) => total + stratum.values.length, 0)
  const samples = strata.reduce((total, stratum) => total + sampleCount(stratum), 0)
  const fields = { aggregation: 'mean' as const, k: null, subset: null, averaging: 'macro' as const, n, samples, excluded: 0 }
  return row(fields, value, clip(stratifiedInterval(strata.map(clustersOf)), range))
}

const PER_SAMPLE: Record<Exclude<Aggregation, 'mean' | 'corpus'>, (group: SampleGroup, k: number) => number> = {
  pass_at_k: (group, k) => passAtK(group.values.length, group.values.filter((v) => v === 1).length, k),
  pass_hat_k: (group, k) => passHatK(group.values.length, group.values.filter((v) => v === 1).length, k),
  majority_vote: (group, k) => majorityVote(group.attempts.slice(0, k).map((o) => ({ answer: o.answer, value: o.value }))),
}

function attemptsRow(
  aggregation: Exclude<Aggregation, 'mean' | 'corpus'>,
  groups: readonly SampleGroup[],
  k: number,
  subset: string | null,
): Row {
  // a sample counts only with k scored attempts: fewer would bias pass@k down and pass^k up
  const eligible = groups.filter((group) => group.values.length >= k)
  const summary = summarize(eligible.map((group) => PER_SAMPLE[aggregation](group, k)))
  const fields = {
    aggregation,
    k,
    subset,
    averaging: 'micro' as const,
    n: eligible.length,
    samples: eligible.length,
    excluded: groups.length - eligible.length,
  }
  return row(fields, summary.value, summary.interval)
}

/** How one metric is aggregated. */
export interface AggregateOptions {
  /**
   * Attempts per sample the benchmark planned; pass@k, pass^k and majority vote use k = attempts when it is above 1.
   * At 1, each observation is a sample of its own (sample ids are unique within a benchmark).
   */
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
  const k = options.attempts
  const named = observations.some((o) => o.subset !== null)
  let all: Cohort
  const strata = new Map<string, Cohort>()
  if (k === 1) {
    all = { values: observations.map((o) => o.value), groups: undefined }
    if (named) {
      for (const { subset, value } of observations) {
        const key = subset ?? NO_SUBSET
        const stratum = strata.get(key)
        if (stratum) stratum.values.push(value)
        else strata.set(key, { values: [value], groups: undefined })
      }
    }
  } else {
    const groups = bySample(observations)
    all = groupedCohort(groups)
    // a sample's attempts share its subset
    const grouped = new Map<string, SampleGroup[]>()
    for (const group of groups) {
      const key = group.attempts[0]!.subset ?? NO_SUBSET
      const stratum = grouped.get(key)
      if (stratum) stratum.push(group)
      else grouped.set(key, [group])
    }
    for (const [key, stratum] of grouped) strata.set(key, groupedCohort(stratum))
  }
  const subsets = named && strata.size > 1 ? [...strata.keys()].sort() : []
  const rows: Row[] = [meanRow(all, null, options.range)]
  if (subsets.length > 0) {
    rows.push(
      macroRow(
        subsets.map((subset) => strata.get(subset)!),
        options.range,
      ),
    )
    for (const subset of subsets) rows.push(meanRow(strata.get(subset)!, subset, options.range))
  }
  if (k > 1 && observations.every((o) => o.value === 0 || o.value === 1)) {
    for (const aggregation of ['pass_at_k', 'pass_hat_k', 'majority_vote'] as const) {
      rows.push(attemptsRow(aggregation, all.groups!, k, null))
      for (const subset of subsets) rows.push(attemptsRow(aggregation, strata.get(subset)!.groups!, k, subset))
    }
  }
  return rows
}
