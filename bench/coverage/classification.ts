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

/** The classifier's figures in the population, named as `classificationMetrics` names them. */
export function populationFigures({ labels, shares, confusion }: Classifier): Record<string, number> {
  const joint = confusion.map((row, t) => row.map((chance) => shares[t]! * chance))
  const figures: Record<string, number> = {}
  let macro = 0
  let agreed = 0
  let chance = 0
  for (const [l, label] of labels.entries()) {
    const tp = joint[l]![l]!
    const predicted = joint.reduce((sum, row) => sum + row[l]!, 0)
    const precision = predicted === 0 ? 0 : tp / predicted
    const recall = tp / shares[l]!
    figures[`f1_${labelSlug(label)}`] = f1Of(precision, recall)
    macro += f1Of(precision, recall)
    agreed += tp
    chance += shares[l]! * predicted
  }
  figures.macro_f1 = macro / labels.length
  // every prediction is one of the labels, so micro precision and recall are both the accuracy
  figures.micro_f1 = agreed
  figures.kappa = (agreed - chance) / (1 - chance)
  return figures
}
