import { createRandom } from '../random/index.ts'
import type { Interval, MetricRow, MetricSemantics } from '../schema/index.ts'
import { SMALL_SAMPLE } from './aggregate.ts'
import { BOOTSTRAP_SEED } from './bootstrap-seed.ts'
import type { CorpusAggregate, CorpusSample } from './corpus-sample.ts'
import { bootstrapInterval } from './bootstrap-interval.ts'
import { classificationAggregate } from './classification.ts'
import { classificationIntervals } from './classification-intervals.ts'
import { noIntervalReason } from './no-interval.ts'

type Row = Omit<MetricRow, 'metric'>

/** The label of samples without a subset, in a benchmark whose other samples have one (as for means). */
const NO_SUBSET = '(none)'

/** How a corpus metric is aggregated and resampled. */
export interface CorpusOptions {
  /** @default 2000 */
  resamples?: number
  /** @default BOOTSTRAP_SEED */
  seed?: number
  /** A metric's range, to which its interval is clipped. */
  range: (metric: string) => MetricSemantics['range']
}

/** Samples grouped by id, in id order: the independent units of a bootstrap, whatever order or shards they came in. */
export function clustersById(samples: readonly CorpusSample[]): CorpusSample[][] {
  const byId = new Map<string, CorpusSample[]>()
  for (const sample of samples) {
    const cluster = byId.get(sample.id)
    if (cluster) cluster.push(sample)
    else byId.set(sample.id, [sample])
  }
  return [...byId.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((id) => byId.get(id)!.sort((a, b) => a.attempt - b.attempt))
}

/** The figures an aggregate returns that are numbers: a NaN or an Infinity is a figure undefined on those samples. */
function finiteFigures(figures: Record<string, number>): Map<string, number> {
  return new Map(Object.entries(figures).filter(([, value]) => typeof value === 'number' && Number.isFinite(value)))
}

function clip(interval: Interval | null, range: MetricSemantics['range']): Interval | null {
  if (interval === null) return null
  return {
    ...interval,
    lower: range.min === null ? interval.lower : Math.max(range.min, interval.lower),
    upper: range.max === null ? interval.upper : Math.min(range.max, interval.upper),
  }
}

// each figure's values on bootstrap resamples of the clusters, and its interval from them (bootstrapInterval)
function bootstrapIntervals(
  clusters: readonly CorpusSample[][],
  observed: ReadonlyMap<string, number>,
  aggregate: CorpusAggregate,
  options: CorpusOptions,
): Map<string, Interval | null> {
  const resamples = options.resamples ?? 2000
  const drawn = new Map<string, number[]>([...observed.keys()].map((metric) => [metric, []]))
  const n = clusters.length
  const random = createRandom(options.seed ?? BOOTSTRAP_SEED)
  for (let b = 0; b < resamples; b++) {
    const resample: CorpusSample[] = []
    for (let i = 0; i < n; i++) resample.push(...clusters[Math.floor(random() * n)]!)
    for (const [metric, value] of finiteFigures(aggregate(resample))) drawn.get(metric)?.push(value)
  }
  const intervals = new Map<string, Interval | null>()
  for (const [metric, value] of observed) {
    const values = drawn.get(metric)!
    // as resampledInterval: a figure undefined on most resamples has no interval
    intervals.set(metric, values.length < resamples / 2 ? null : bootstrapInterval(value, values, n, options.range(metric), resamples))
  }
  return intervals
}

// every figure of one set of samples, with its interval: the classification figures' from their confusion table
// (classificationIntervals), any other's over resamples of its clusters
function scopeRows(
  clusters: readonly CorpusSample[][],
  subset: string | null,
  aggregate: CorpusAggregate,
  options: CorpusOptions,
): Map<string, Row> {
  const flat = clusters.flat()
  const observed = finiteFigures(aggregate(flat))
  const n = clusters.length
  const intervals: ReadonlyMap<string, Interval | null> =
    n < 2
      ? new Map()
      : aggregate === classificationAggregate
        ? classificationIntervals(clusters, observed, {
            resamples: options.resamples ?? 2000,
            seed: options.seed ?? BOOTSTRAP_SEED,
            range: options.range,
          })
        : bootstrapIntervals(clusters, observed, aggregate, options)
  const rows = new Map<string, Row>()
  for (const [metric, value] of observed) {
    const interval = intervals.get(metric) ?? null
    const fields = { aggregation: 'corpus' as const, k: null, subset, averaging: 'micro' as const, n: flat.length, samples: n, excluded: 0 }
    const reason = interval === null ? { noInterval: noIntervalReason({ value, samples: n, aggregation: 'corpus' }) } : {}
    rows.set(metric, {
      ...fields,
      value,
      interval: clip(interval, options.range(metric)),
      ...reason,
      smallSample: n > 0 && n < SMALL_SAMPLE,
    })
  }
  return rows
}

/**
 * The rows of a benchmark's corpus metrics (`aggregation: 'corpus'`): each figure `aggregate` returns on every scored
 * sample, then on each subset's when the samples have several, each with a seeded 95% interval: for the built-in
 * classification figures those of their confusion table (classificationIntervals), for any other a bootstrap
 * (bootstrapInterval) that resamples sample ids, taking all the attempts of a drawn id; either way repeats are not
 * counted as independent samples. Samples are taken in id order, so the same samples give the same figures and
 * intervals however the run was ordered or sharded.
 */
export function corpusRows(samples: readonly CorpusSample[], aggregate: CorpusAggregate, options: CorpusOptions): Map<string, Row[]> {
  const clusters = clustersById(samples)
  const byMetric = new Map<string, Row[]>()
  const add = (rows: Map<string, Row>): void => {
    for (const [metric, row] of rows) byMetric.set(metric, [...(byMetric.get(metric) ?? []), row])
  }
  add(scopeRows(clusters, null, aggregate, options))
  const strata = new Map<string, CorpusSample[][]>()
  for (const cluster of clusters) {
    const key = cluster[0]!.subset ?? NO_SUBSET
    const stratum = strata.get(key)
    if (stratum) stratum.push(cluster)
    else strata.set(key, [cluster])
  }
  const named = samples.some((sample) => sample.subset !== null)
  if (named && strata.size > 1)
    for (const subset of [...strata.keys()].sort()) add(scopeRows(strata.get(subset)!, subset, aggregate, options))
  return byMetric
}
