import { cohenKappa } from './cohen-kappa.ts'
import { firstTarget, type CorpusAggregate } from './corpus-sample.ts'
import { labelKey, labelSlug } from './label-slug.ts'

/** One classified item: the label predicted (null when no answer was read) and the right one. */
export interface LabelPair {
  predicted: string | null
  target: string
}

// no answer read: a category of its own in kappa, which no target has
const UNANSWERED = '(none)'

const safeRatio = (numerator: number, denominator: number): number => (denominator === 0 ? 0 : numerator / denominator)
const f1Of = (precision: number, recall: number): number => (precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall))

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
  const keyed = pairs.map((pair) => ({
    target: labelKey(pair.target),
    predicted: pair.predicted === null ? null : labelKey(pair.predicted),
  }))
  const labels = [...new Set(keyed.map((pair) => pair.target))].sort()
  const counts = new Map(labels.map((label) => [label, { tp: 0, fp: 0, fn: 0 }]))
  for (const { predicted, target } of keyed) {
    if (predicted === target) {
      counts.get(target)!.tp++
      continue
    }
    counts.get(target)!.fn++
    const wrong = predicted === null ? undefined : counts.get(predicted)
    if (wrong) wrong.fp++
  }
  const metrics: Record<string, number> = {}
  const sums = { tp: 0, fp: 0, fn: 0, precision: 0, recall: 0, f1: 0 }
  for (const label of labels) {
    const { tp, fp, fn } = counts.get(label)!
    const precision = safeRatio(tp, tp + fp)
    const recall = safeRatio(tp, tp + fn)
    const f1 = f1Of(precision, recall)
    const slug = labelSlug(label)
    metrics[`precision_${slug}`] = precision
    metrics[`recall_${slug}`] = recall
    metrics[`f1_${slug}`] = f1
    sums.tp += tp
    sums.fp += fp
    sums.fn += fn
    sums.precision += precision
    sums.recall += recall
    sums.f1 += f1
  }
  metrics.macro_precision = sums.precision / labels.length
  metrics.macro_recall = sums.recall / labels.length
  metrics.macro_f1 = sums.f1 / labels.length
  const microPrecision = safeRatio(sums.tp, sums.tp + sums.fp)
  const microRecall = safeRatio(sums.tp, sums.tp + sums.fn)
  metrics.micro_precision = microPrecision
  metrics.micro_recall = microRecall
  metrics.micro_f1 = f1Of(microPrecision, microRecall)
  const kappa = cohenKappa(
    keyed.map((pair) => pair.target),
    keyed.map((pair) => pair.predicted ?? UNANSWERED),
  )
  if (kappa !== null) metrics.kappa = kappa
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
