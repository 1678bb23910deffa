import { createRandom } from '../random/index.ts'
import type { Comparison, MetricSemantics } from '../schema/index.ts'
import { BOOTSTRAP_SEED } from './bootstrap-seed.ts'
import type { BootstrapOptions } from './bootstrap.ts'
import { firstTarget, type CorpusAggregate, type CorpusSample } from './corpus-sample.ts'
import { bootstrapInterval, differenceRange } from './bootstrap-interval.ts'
import { classificationAggregate } from './classification.ts'
import { classificationDifferences } from './classification-compare.ts'

/** One shared sample in the baseline and now: its first attempt on each side, as a baseline keeps one per sample. */
export interface CorpusPair {
  baseline: CorpusSample
  current: CorpusSample
}

const finite = (value: number | undefined): value is number => typeof value === 'number' && Number.isFinite(value)

// a sample "got worse" when its answer stopped matching its target, "better" when it started to
const isRight = (sample: CorpusSample): boolean => sample.answer !== null && sample.answer === firstTarget(sample)

/**
 * Each corpus metric against the baseline's, on the samples both runs share: one paired bootstrap over
 * those samples recomputes every figure on both sides of each resample, and gives the interval of the change
 * (bootstrapInterval, within each figure's `range`) and the p-value of the centred bootstrap, as
 * `comparePairedStatistic` does for one figure (for the built-in classification figures, from confusion counts:
 * classificationDifferences). A figure undefined on either side of all the shared samples is left out.
 */
export function compareCorpus(
  pairs: readonly CorpusPair[],
  aggregate: CorpusAggregate,
  options: Omit<BootstrapOptions, 'range'> & { range?: (metric: string) => MetricSemantics['range'] } = {},
): Comparison[] {
  const n = pairs.length
  if (n === 0) return []
  const before = aggregate(pairs.map((pair) => pair.baseline))
  const after = aggregate(pairs.map((pair) => pair.current))
  const metrics = Object.keys(after)
    .filter((metric) => finite(after[metric]) && finite(before[metric]))
    .sort()
  const resamples = options.resamples ?? 2000
  const seed = options.seed ?? BOOTSTRAP_SEED
  const counted = n >= 2 && aggregate === classificationAggregate ? classificationDifferences(pairs, metrics, resamples, seed) : undefined
  const differences = counted ?? new Map(metrics.map((metric) => [metric, [] as number[]]))
  if (n >= 2 && counted === undefined) {
    const random = createRandom(seed)
    for (let b = 0; b < resamples; b++) {
      const drawn = Array.from({ length: n }, () => pairs[Math.floor(random() * n)]!)
      const [x, y] = [aggregate(drawn.map((pair) => pair.baseline)), aggregate(drawn.map((pair) => pair.current))]
      for (const metric of metrics) if (finite(x[metric]) && finite(y[metric])) differences.get(metric)!.push(y[metric] - x[metric])
    }
  }
  const worse = pairs.filter((pair) => isRight(pair.baseline) && !isRight(pair.current)).length
  const better = pairs.filter((pair) => !isRight(pair.baseline) && isRight(pair.current)).length
  return metrics.map((metric) => {
    const observed = after[metric]! - before[metric]!
    const drawn = differences.get(metric)!
    const common = {
      metric,
      test: 'paired-bootstrap' as const,
      n,
      baseline: before[metric]!,
      current: after[metric]!,
      delta: observed,
      worse,
      better,
    }
    // as comparePairedStatistic: a figure undefined on most resamples has no interval, and no evidence of a change
    if (drawn.length < resamples / 2) return { ...common, interval: null, pValue: 1 }
    // a tolerance, so that a resample equal to the observed change up to rounding counts as "as far" when it is 0
    const distance = Math.abs(observed) - 1e-12
    const asFar = drawn.filter((difference) => Math.abs(difference - observed) >= distance).length
    return {
      ...common,
      interval: bootstrapInterval(observed, drawn, n, differenceRange(options.range?.(metric) ?? { min: null, max: null }), resamples),
      pValue: Math.min(1, (asFar + 1) / (drawn.length + 1)),
    }
  })
}
