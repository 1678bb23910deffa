import type { Comparison, Interval, MetricSemantics } from '../schema/index.ts'
import { pairedBootstrap, type BootstrapOptions } from './bootstrap.ts'
import { bonettPriceInterval, type PairCounts } from './bonett-price.ts'
import { mcnemarExact } from './mcnemar.ts'
import { differenceRange } from './bootstrap-interval.ts'
import { pairedT } from './paired-t.ts'

/** Above this many pairs the paired t-test replaces the bootstrap: the two agree there, and resampling would be slow. */
export const BOOTSTRAP_LIMIT = 5000

/** One sample's score in the baseline and now. */
export interface ScorePair {
  baseline: number
  current: number
}

function countPairs(pairs: readonly ScorePair[]): PairCounts {
  const counts = { both: 0, currentOnly: 0, baselineOnly: 0, neither: 0 }
  for (const { baseline, current } of pairs) {
    if (baseline === 1) counts[current === 1 ? 'both' : 'baselineOnly']++
    else counts[current === 1 ? 'currentOnly' : 'neither']++
  }
  return counts
}

/**
 * The bootstrap interval of a mean change, widened to the paired t interval on the pairs that changed (pairedT): a
 * bootstrap of 5 to 10 pairs is too narrow (it covered 86 to 92% of the time), and one of a few changed pairs among
 * many too, since every resample then draws the same few changes or none.
 */
function widenToT(
  bootstrap: Interval | null,
  differences: readonly number[],
  range: MetricSemantics['range'] | undefined,
): Interval | null {
  const t = pairedT(differences).interval
  if (bootstrap === null || t === null) return bootstrap
  const { min, max } = differenceRange(range ?? { min: null, max: null })
  return {
    ...bootstrap,
    lower: Math.max(min ?? -Infinity, Math.min(bootstrap.lower, t.lower)),
    upper: Math.min(max ?? Infinity, Math.max(bootstrap.upper, t.upper)),
    method: 'bootstrap-changed-t',
  }
}

/**
 * Compares two runs on the samples both scored. Pass/fail scores get McNemar's exact test and Bonett and Price's interval of
 * the change; any other scores a paired bootstrap (the paired t-test beyond BOOTSTRAP_LIMIT pairs), whose interval is
 * widened within the scores' `range` as `bootstrapInterval` widens one, and to the t interval on the pairs that changed.
 */
export function comparePaired(
  pairs: readonly ScorePair[],
  lowerIsBetter: boolean,
  options: BootstrapOptions & { range?: MetricSemantics['range'] } = {},
): Omit<Comparison, 'metric'> | null {
  const n = pairs.length
  if (n === 0) return null
  let baseline = 0
  let current = 0
  let worse = 0
  let better = 0
  const differences = pairs.map((pair) => {
    baseline += pair.baseline
    current += pair.current
    if (pair.current !== pair.baseline) {
      if (pair.current < pair.baseline !== lowerIsBetter) worse++
      else better++
    }
    return pair.current - pair.baseline
  })
  const binary = pairs.every((pair) => (pair.baseline === 0 || pair.baseline === 1) && (pair.current === 0 || pair.current === 1))
  const large = n > BOOTSTRAP_LIMIT
  const paired = binary ? null : large ? pairedT(differences) : pairedBootstrap(differences, options)
  const interval = binary
    ? bonettPriceInterval(countPairs(pairs))
    : large
      ? paired!.interval
      : widenToT(paired!.interval, differences, options.range)
  return {
    test: binary ? 'mcnemar' : large ? 'paired-t' : 'paired-bootstrap',
    n,
    baseline: baseline / n,
    current: current / n,
    delta: (current - baseline) / n,
    interval,
    pValue: paired === null ? mcnemarExact(worse, better) : paired.pValue,
    worse,
    better,
  }
}
