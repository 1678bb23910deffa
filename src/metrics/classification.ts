import { confusionFigureNames, confusionTable, createConfusionFigures } from './confusion.ts'
import { firstTarget, type CorpusAggregate } from './corpus-sample.ts'

/** One classified item: the label predicted (null when no answer was read) and the right one. */
export interface LabelPair {
  predicted: string | null
  target: string
}

/**
 * Classification figures of a whole set, from their definitions, over the labels the targets use, each read but for
 * case and surrounding space (so is a prediction: "Pos" is the label "pos", on any sample; one outside them counts
 * against recall of its target and against no label's precision), as scikit-learn's
 * `precision_recall_fscore_support` with `labels` set to the target labels and `zero_division=0`:
 * per label, precision = TP / (TP + FP), recall = TP / (TP + FN), F1 their harmonic mean; `macro_*` the unweighted
 * mean over labels; `micro_*` from the summed counts; `kappa` Cohen's kappa of predictions against targets (an
 * unanswered item a category of its own). Empty for no items.
 */
export function classificationMetrics(pairs: readonly LabelPair[]): Record<string, number> {
  if (pairs.length === 0) return {}
  const table = confusionTable(pairs)
  const names = confusionFigureNames(table.labels)
  const figures = new Float64Array(names.length)
  createConfusionFigures(table.labels.length)(table.cells, figures)
  const metrics: Record<string, number> = {}
  // kappa, the last, is NaN where it is undefined, and then left out
  for (const [i, name] of names.entries()) if (!Number.isNaN(figures[i]!)) metrics[name] = figures[i]!
  return metrics
}

/**
 * The built-in aggregate of `classification: true`: `classificationMetrics` of each sample's answer against its first
 * target (samples without a target left out).
 */
export const classificationAggregate: CorpusAggregate = (samples) =>
  classificationMetrics(
    samples.flatMap((sample) => {
      const target = firstTarget(sample)
      return target === null ? [] : [{ predicted: sample.answer, target }]
    }),
  )
