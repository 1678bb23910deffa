import type { Comparison } from '../schema/index.ts'
import { pairedBootstrap, type BootstrapOptions } from './bootstrap.ts'
import { mcnemarExact } from './mcnemar.ts'
import { pairedT } from './paired-t.ts'

/** Above this many pairs the paired t-test replaces the bootstrap: the two agree there, and resampling would be slow. */
export const BOOTSTRAP_LIMIT = 5000

/** One sample's score in the baseline and now. */
export interface ScorePair {
  baseline: number
  current: number
}

/**
 * Compares two runs on the samples both scored. Pass/fail scores get McNemar's exact test; any other scores a paired
 * bootstrap (the paired t-test beyond BOOTSTRAP_LIMIT pairs), which also gives the interval of the difference for both.
 */
export function comparePaired(
  pairs: readonly ScorePair[],
  lowerIsBetter: boolean,
  options: BootstrapOptions = {},
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
  const paired = large ? pairedT(differences) : pairedBootstrap(differences, options)
  return {
    test: binary ? 'mcnemar' : large ? 'paired-t' : 'paired-bootstrap',
    n,
    baseline: baseline / n,
    current: current / n,
    delta: (current - baseline) / n,
    interval: paired.interval,
    pValue: binary ? mcnemarExact(worse, better) : paired.pValue,
    worse,
    better,
  }
}
