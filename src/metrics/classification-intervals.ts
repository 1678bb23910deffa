import type { Interval, MetricSemantics } from '../schema/index.ts'
import { createRandom } from '../random/index.ts'
import { bootstrapInterval } from './bootstrap-interval.ts'
import { confusionFigureNames, confusionTable, createConfusionFigures, tableMargins, type ClassifiedItem } from './confusion.ts'
import { firstTarget, type CorpusSample } from './corpus-sample.ts'
import { dirichletDraws } from './dirichlet.ts'
import { wilson } from './interval.ts'
import { hull, posteriorInterval } from './posterior-interval.ts'

/**
 * The prior observations on each cell of the confusion table's posterior: a quarter, chosen by simulated coverage
 * (bench/coverage) against Jeffreys' half, which pulls kappa and macro-F1 of a good classifier towards chance enough
 * to miss them (kappa of 3 labels at n = 30: 88% against 94%).
 */
export const CONFUSION_PRIOR = 0.25

/** How many resamples and posterior draws, from which seed, and each figure's range. */
export interface ClassificationIntervalOptions {
  resamples: number
  seed: number
  range: (metric: string) => MetricSemantics['range']
}

// the score interval of the Jaccard index TP / (TP + FP + FN), as F1 = 2J / (1 + J), which rises with it
function jaccardInterval(tp: number, involved: number): Interval {
  const { lower, upper } = wilson(tp / involved, involved, 'jaccard-wilson')
  return { lower: (2 * lower) / (1 + lower), upper: (2 * upper) / (1 + upper), level: 0.95, method: 'jaccard-wilson' }
}

/**
 * The 95% intervals of the classification figures (`classificationMetrics`) of samples clustered by id, each by the
 * method its coverage was measured best with (bench/coverage):
 * - a label's recall and precision: the Wilson interval of its true positives among the samples of that target, or
 *   of that prediction (a proportion of them, whatever the other labels do);
 * - a label's F1: 2J / (1 + J) over the Wilson interval of J = TP / (TP + FP + FN), the share of true positives
 *   among the samples that have the label as target or prediction (`jaccard-wilson`): a rare label is sized by its
 *   few samples, not by all n, as the bootstrap did (F1 of a 5% label at n = 5: 8.7% coverage before);
 * - micro figures: the bootstrap over sample ids (bootstrapInterval);
 * - macro figures and kappa: the hull of that bootstrap interval and the middle 95% of the figure on draws from the
 *   Dirichlet posterior of the confusion table (CONFUSION_PRIOR on each cell of the categories either side used),
 *   `dirichlet`: the posterior widens where few samples of a label leave every resample alike, the bootstrap where
 *   the prior pulls the figure towards chance.
 * Counts are taken once, and every resample and draw computes the figures from its table (createConfusionFigures), so
 * the cost is the resamples' n draws of an index, not n samples' labels re-read. The bootstrap draws the resamples of
 * the generic corpus bootstrap from the same seed, so its intervals are the ones it gave. A sample's attempts count
 * 1 / attempts each in the counts behind Wilson and the posterior, so repeats are not taken for independent samples.
 */
export function classificationIntervals(
  clusters: readonly (readonly CorpusSample[])[],
  observed: ReadonlyMap<string, number>,
  options: ClassificationIntervalOptions,
): Map<string, Interval> {
  const items: ClassifiedItem[] = []
  const owner: number[] = []
  for (const [c, cluster] of clusters.entries())
    for (const sample of cluster) {
      const target = firstTarget(sample)
      if (target === null) continue
      items.push({ target, predicted: sample.answer, weight: 1 / cluster.length })
      owner.push(c)
    }
  const intervals = new Map<string, Interval>()
  if (items.length === 0) return intervals
  const table = confusionTable(items)
  const { labels, size, cells: weighted } = table
  const names = confusionFigureNames(labels)
  const figures = createConfusionFigures(labels.length)
  const out = new Float64Array(names.length)

  const cellsOf = clusters.map((): number[] => [])
  for (const [i, c] of owner.entries()) cellsOf[c]!.push(table.cellOf[i]!)
  const booted = names.map((): number[] => [])
  const counts = new Float64Array(size * size)
  const random = createRandom(options.seed)
  const n = clusters.length
  for (let b = 0; b < options.resamples; b++) {
    counts.fill(0)
    for (let i = 0; i < n; i++) for (const cell of cellsOf[Math.floor(random() * n)]!) counts[cell] = counts[cell]! + 1
    figures(counts, out)
    for (let f = 0; f < names.length; f++) if (!Number.isNaN(out[f]!)) booted[f]!.push(out[f]!)
  }

  // the categories either side used: every target label, and OTHER when a prediction fell outside them
  let otherUsed = false
  for (let t = 0; t < labels.length; t++) if (weighted[t * size + labels.length]! > 0) otherUsed = true
  const prior = new Float64Array(size * size)
  for (let t = 0; t < size; t++)
    for (let p = 0; p < size; p++) prior[t * size + p] = otherUsed || (t < labels.length && p < labels.length) ? CONFUSION_PRIOR : 0
  const drawn = names.map(() => new Float64Array(options.resamples))
  let d = 0
  dirichletDraws(weighted, prior, options.resamples, options.seed, (cells) => {
    figures(cells, out)
    for (let f = 0; f < names.length; f++) drawn[f]![d] = out[f]!
    d++
  })

  const rows = new Float64Array(size)
  const columns = new Float64Array(size)
  tableMargins(weighted, size, rows, columns)
  for (const [f, name] of names.entries()) {
    const value = observed.get(name)
    if (value === undefined) continue
    const range = options.range(name)
    const bootstrap = booted[f]!.length < options.resamples / 2 ? null : bootstrapInterval(value, booted[f]!, n, range, options.resamples)
    const l = Math.floor(f / 3)
    const tp = weighted[l * size + l]!
    let interval: Interval | null
    if (f >= 3 * labels.length) {
      const figure = f - 3 * labels.length
      // micro_precision, micro_recall, micro_f1 (3 to 5) keep the bootstrap; the averages and kappa take the hull
      interval = figure >= 3 && figure <= 5 ? bootstrap : hull(bootstrap, posteriorInterval(value, drawn[f]!, range), 'dirichlet')
    } else if (f % 3 === 0) interval = columns[l]! > 0 ? wilson(tp / columns[l]!, columns[l]!, 'wilson') : bootstrap
    else if (f % 3 === 1) interval = wilson(tp / rows[l]!, rows[l]!, 'wilson')
    else interval = jaccardInterval(tp, rows[l]! + columns[l]! - tp)
    if (interval !== null) intervals.set(name, interval)
  }
  return intervals
}
