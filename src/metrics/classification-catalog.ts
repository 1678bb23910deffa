import type { MetricSemantics } from '../schema/index.ts'
import { coefficient } from './coefficient.ts'
import { labelOfSlug } from './label-slug.ts'
import { ratio } from './ratio.ts'

/** The corpus metrics a benchmark with `classification: true` reports, besides the per-label ones. */
export const CLASSIFICATION_METRICS: Readonly<Record<string, MetricSemantics>> = {
  macro_f1: ratio('Unweighted mean over the target labels of each label\u2019s F1 (a corpus metric).'),
  macro_precision: ratio('Unweighted mean over the target labels of each label\u2019s precision.'),
  macro_recall: ratio('Unweighted mean over the target labels of each label\u2019s recall.'),
  micro_f1: ratio('F1 of the true and false positives and negatives summed over the target labels.'),
  micro_precision: ratio('Precision of the summed counts: right answers among answers that are a target label.'),
  micro_recall: ratio('Recall of the summed counts: right answers among all samples.'),
  kappa: coefficient("Cohen's kappa of the answers against the targets (no answer a category of its own)."),
}

const PER_LABEL: Readonly<Record<string, string>> = {
  precision: 'Of the samples answered with this label, the share whose target it is.',
  recall: 'Of the samples whose target is this label, the share answered with it.',
  f1: 'Harmonic mean of this label\u2019s precision and recall.',
}

/** A per-label figure's name read back: "f1_a__2d_b" is the F1 of the label "a-b"; undefined for any other name. */
export function perLabelFigure(name: string): { figure: 'precision' | 'recall' | 'f1'; label: string } | undefined {
  const match = /^(precision|recall|f1)_([a-z][a-z0-9_]*)$/.exec(name)
  const label = match && labelOfSlug(match[2]!)
  return label === undefined || label === null ? undefined : { figure: match![1] as 'precision' | 'recall' | 'f1', label }
}

/** The entry of a per-label figure, "f1_positive" or "recall_a", its label named; undefined for any other name. */
export function perLabelSemantics(name: string): MetricSemantics | undefined {
  const found = perLabelFigure(name)
  return found && ratio(`Label "${found.label}". ${PER_LABEL[found.figure]!}`)
}
