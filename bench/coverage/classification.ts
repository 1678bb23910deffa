// The figures of a classifier as a population: each label's share of the samples and, by target, the chance of each
// predicted label. Their values are what the figures of a sample of n estimate.
import { labelSlug } from '../../src/metrics/index.ts'

/** A classifier on a population: labels, their shares, and the confusion matrix by target (rows sum to 1). */
export interface Classifier {
  labels: readonly string[]
  shares: readonly number[]
  confusion: readonly (readonly number[])[]
}

const f1Of = (precision: number, recall: number): number => (precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall))

/**
 * The classifier's figures in the population, named as `classificationMetrics` names them, over the labels `present`
 * (all by default). A run's figures are over the labels its targets hold, so a run without a rare label estimates
 * the population of samples whose target is one of the others, in which a prediction of the missing label is an
 * answer outside the labels: against its target's recall, and no label's precision.
 */
export function populationFigures(
  { labels, shares, confusion }: Classifier,
  present: ReadonlySet<string> = new Set(labels),
): Record<string, number> {
  const kept = labels.map((label) => present.has(label))
  const total = shares.reduce((sum, share, t) => sum + (kept[t] ? share : 0), 0)
  const joint = confusion.map((row, t) => row.map((chance) => (kept[t] ? (shares[t]! / total) * chance : 0)))
  const figures: Record<string, number> = {}
  let macro = 0
  let agreed = 0
  let chance = 0
  let answered = 0
  for (const [l, label] of labels.entries()) {
    if (!kept[l]) continue
    const tp = joint[l]![l]!
    const predicted = joint.reduce((sum, row) => sum + row[l]!, 0)
    const precision = predicted === 0 ? 0 : tp / predicted
    const recall = tp / (shares[l]! / total)
    figures[`f1_${labelSlug(label)}`] = f1Of(precision, recall)
    macro += f1Of(precision, recall)
    agreed += tp
    answered += predicted
    chance += (shares[l]! / total) * predicted
  }
  figures.macro_f1 = macro / present.size
  // micro precision: right answers among answers that are a present label; micro recall: right answers among all
  figures.micro_f1 = f1Of(answered === 0 ? 0 : agreed / answered, agreed)
  figures.kappa = (agreed - chance) / (1 - chance)
  return figures
}
