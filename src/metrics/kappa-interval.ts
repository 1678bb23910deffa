import type { Interval, MetricSemantics } from '../schema/index.ts'
import { createRandom } from '../random/index.ts'
import { bootstrapInterval } from './bootstrap-interval.ts'
import { BOOTSTRAP_SEED } from './bootstrap-seed.ts'
import type { Category } from './cohen-kappa.ts'
import { dirichletDraws } from './dirichlet.ts'
import { hull, posteriorInterval } from './posterior-interval.ts'
import { tableKappa, tableMargins } from './confusion.ts'

const RESAMPLES = 2000

/**
 * The prior observations on each cell of the agreement table: Jeffreys' half, which covered a judge's kappa of a 10%
 * label at n = 20 93.6% of the time against 91.4% for the classification figures' quarter (CONFUSION_PRIOR), as
 * well or better at n = 5 to 100 (bench/coverage).
 */
export const AGREEMENT_PRIOR = 0.5

/**
 * The 95% interval of Cohen's kappa between two raters of the same n items (`cohenKappa`; a judge against human
 * labels), `dirichlet`: the hull of the bootstrap interval (bootstrapInterval, over the resamples resampledInterval
 * draws, so it is the interval that gave) and the middle 95% of kappa on draws from the Dirichlet posterior of their
 * agreement table, square over the categories either used, with AGREEMENT_PRIOR on each cell. A rare label agreed on
 * every time gives every resample kappa 1; the posterior sizes it by its few items. Null below 2 items or where kappa
 * is undefined on the items.
 */
export function kappaInterval(
  first: readonly Category[],
  second: readonly Category[],
  range: MetricSemantics['range'],
  resamples = RESAMPLES,
): Interval | null {
  const n = first.length
  if (n < 2) return null
  const categories = new Map<Category, number>()
  for (const category of [...first, ...second]) if (!categories.has(category)) categories.set(category, categories.size)
  const size = categories.size
  const cellOf = first.map((a, i) => categories.get(a)! * size + categories.get(second[i]!)!)
  const rows = new Float64Array(size)
  const columns = new Float64Array(size)
  const kappaOf = (cells: Float64Array): number => tableKappa(rows, columns, tableMargins(cells, size, rows, columns))
  const counts = new Float64Array(size * size)
  for (const cell of cellOf) counts[cell] = counts[cell]! + 1
  const observed = kappaOf(counts)
  if (Number.isNaN(observed)) return null

  const random = createRandom(BOOTSTRAP_SEED)
  const booted: number[] = []
  const resample = new Float64Array(size * size)
  for (let b = 0; b < resamples; b++) {
    resample.fill(0)
    for (let i = 0; i < n; i++) {
      const cell = cellOf[Math.floor(random() * n)]!
      resample[cell] = resample[cell]! + 1
    }
    const value = kappaOf(resample)
    if (!Number.isNaN(value)) booted.push(value)
  }
  const bootstrap = booted.length < resamples / 2 ? null : bootstrapInterval(observed, booted, n, range)

  const drawn = new Float64Array(resamples)
  let d = 0
  dirichletDraws(counts, new Float64Array(size * size).fill(AGREEMENT_PRIOR), resamples, BOOTSTRAP_SEED, (cells) => {
    drawn[d++] = kappaOf(cells)
  })
  return hull(posteriorInterval(observed, drawn, range), bootstrap, 'dirichlet')
}
