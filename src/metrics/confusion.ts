import { labelKey, labelSlug } from './label-slug.ts'

/**
 * Classified items counted by (target, prediction): a square table over the target labels, sorted, and one more
 * category last, OTHER, for every prediction that is no target label (an answer outside them, or none read). Row =
 * target, column = prediction; a cell may hold a fraction (an attempt of a repeated sample) or a posterior draw.
 */
export interface ConfusionTable {
  labels: readonly string[]
  /** labels.length + 1 */
  size: number
  cells: Float64Array
}

/** One classified item, its label and prediction as given (read but for case and surrounding space). */
export interface ClassifiedItem {
  target: string
  predicted: string | null
  /** How much the item counts: 1, or 1 / its attempts for a repeated sample. @default 1 */
  weight?: number
}

/** The table of items, over the labels their targets use; the index of each item's cell in `cellOf`. */
export function confusionTable(items: readonly ClassifiedItem[]): ConfusionTable & { cellOf: Int32Array } {
  const labels = [...new Set(items.map((item) => labelKey(item.target)))].sort()
  const index = new Map(labels.map((label, i) => [label, i]))
  const size = labels.length + 1
  const cells = new Float64Array(size * size)
  const cellOf = new Int32Array(items.length)
  for (const [i, { target, predicted, weight }] of items.entries()) {
    const column = predicted === null ? labels.length : (index.get(labelKey(predicted)) ?? labels.length)
    const cell = index.get(labelKey(target))! * size + column
    cellOf[i] = cell
    cells[cell] = cells[cell]! + (weight ?? 1)
  }
  return { labels, size, cellOf, cells }
}

/**
 * The names of the figures `createConfusionFigures` computes, in its order: each label's precision, recall and F1,
 * then the averages and kappa.
 */
export function confusionFigureNames(labels: readonly string[]): string[] {
  const names = labels.flatMap((label) => ['precision', 'recall', 'f1'].map((figure) => `${figure}_${labelSlug(label)}`))
  return [...names, 'macro_precision', 'macro_recall', 'macro_f1', 'micro_precision', 'micro_recall', 'micro_f1', 'kappa']
}

const safeRatio = (numerator: number, denominator: number): number => (denominator === 0 ? 0 : numerator / denominator)
const f1Of = (precision: number, recall: number): number => (precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall))

/**
 * The classification figures of a table with `labels` target labels, into `out` (confusionFigureNames' order, NaN for
 * a figure undefined there), from reused buffers, as it runs once a posterior draw or bootstrap resample. A label
 * whose row is empty is not a label of these items (a resample without it): its figures are NaN, the averages leave
 * it out, and a prediction of it counts against no label's precision. Per label precision = TP / (TP + FP), recall =
 * TP / (TP + FN), F1 their harmonic mean (0 where undefined, as scikit-learn's `zero_division=0`); macro the mean over
 * labels, micro from the summed counts; kappa Cohen's, 1 − (n − agreed) / (n − Σ rowₖ · columnₖ / n), NaN where
 * every item and prediction is one category. Counts add in a fixed order, so whole counts give exactly
 * `classificationMetrics`' figures.
 */
export function createConfusionFigures(labels: number): (cells: Float64Array, out: Float64Array) => void {
  const size = labels + 1
  const rows = new Float64Array(size)
  const columns = new Float64Array(size)
  return (cells, out) => {
    const agreed = tableMargins(cells, size, rows, columns)
    let present = 0
    let tpSum = 0
    let fpSum = 0
    let fnSum = 0
    let precisionSum = 0
    let recallSum = 0
    let f1Sum = 0
    for (let l = 0; l < labels; l++) {
      if (rows[l] === 0) {
        out[3 * l] = out[3 * l + 1] = out[3 * l + 2] = Number.NaN
        continue
      }
      const tp = cells[l * size + l]!
      const precision = safeRatio(tp, columns[l]!)
      const recall = safeRatio(tp, rows[l]!)
      const f1 = f1Of(precision, recall)
      out[3 * l] = precision
      out[3 * l + 1] = recall
      out[3 * l + 2] = f1
      present++
      tpSum += tp
      fpSum += columns[l]! - tp
      fnSum += rows[l]! - tp
      precisionSum += precision
      recallSum += recall
      f1Sum += f1
    }
    const at = 3 * labels
    // no item of any label (an empty resample): no figure
    if (present === 0) {
      out.fill(Number.NaN, at)
      return
    }
    out[at] = precisionSum / present
    out[at + 1] = recallSum / present
    out[at + 2] = f1Sum / present
    const microPrecision = safeRatio(tpSum, tpSum + fpSum)
    const microRecall = safeRatio(tpSum, tpSum + fnSum)
    out[at + 3] = microPrecision
    out[at + 4] = microRecall
    out[at + 5] = f1Of(microPrecision, microRecall)
    out[at + 6] = tableKappa(rows, columns, agreed)
  }
}

/** Fills the row and column totals of a square table of `size` categories (row-major cells); returns its diagonal's total. */
export function tableMargins(cells: Float64Array, size: number, rows: Float64Array, columns: Float64Array): number {
  rows.fill(0)
  columns.fill(0)
  let agreed = 0
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++) {
      const count = cells[row * size + column]!
      rows[row] = rows[row]! + count
      columns[column] = columns[column]! + count
      if (row === column) agreed += count
    }
  return agreed
}

/**
 * Cohen's kappa of a square table of two raters, from its row sums (the first rater's counts of each category), column
 * sums (the second's) and diagonal total: 1 − (n − agreed) / (n − Σ rowₖ · columnₖ / n); NaN where that is undefined.
 */
export function tableKappa(rows: Float64Array, columns: Float64Array, agreed: number): number {
  let n = 0
  let chance = 0
  for (let k = 0; k < rows.length; k++) {
    n += rows[k]!
    chance += rows[k]! * columns[k]!
  }
  const expectedDisagreement = n - chance / n
  return n > 0 && expectedDisagreement !== 0 ? 1 - (n - agreed) / expectedDisagreement : Number.NaN
}
