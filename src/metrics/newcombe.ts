import type { Interval } from '../schema/index.ts'
import { wilsonInterval } from './interval.ts'

/** How the pairs of a pass/fail comparison split: right in both runs, only now, only before, in neither. */
export interface PairCounts {
  both: number
  currentOnly: number
  baselineOnly: number
  neither: number
}

/**
 * The 95% interval of the change in a share between two runs of the same samples (current − baseline), Newcombe's
 * hybrid score interval for paired proportions (Statistics in Medicine 17, 1998, method 10): each run's Wilson
 * interval, combined with the correlation of the pairs. A resampled interval of the change is [0, 0] whenever no
 * sample changed, however few samples there were; this one is ± the change a run of that size cannot rule out.
 */
export function newcombeInterval({ both, currentOnly, baselineOnly, neither }: PairCounts): Interval | null {
  const n = both + currentOnly + baselineOnly + neither
  if (n === 0) return null
  const current = wilsonInterval(both + currentOnly, n)!
  const baseline = wilsonInterval(both + baselineOnly, n)!
  const [p1, p2] = [(both + currentOnly) / n, (both + baselineOnly) / n]
  const margins = (both + currentOnly) * (baselineOnly + neither) * (both + baselineOnly) * (currentOnly + neither)
  const phi = margins === 0 ? 0 : (both * neither - currentOnly * baselineOnly) / Math.sqrt(margins)
  const below = Math.sqrt(
    Math.max(0, (p1 - current.lower) ** 2 - 2 * phi * (p1 - current.lower) * (baseline.upper - p2) + (baseline.upper - p2) ** 2),
  )
  const above = Math.sqrt(
    Math.max(0, (current.upper - p1) ** 2 - 2 * phi * (current.upper - p1) * (p2 - baseline.lower) + (p2 - baseline.lower) ** 2),
  )
  return { lower: Math.max(-1, p1 - p2 - below), upper: Math.min(1, p1 - p2 + above), level: 0.95, method: 'newcombe' }
}
