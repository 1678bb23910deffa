import type { MetricSemantics } from '../schema/index.ts'
import { coefficient } from './coefficient.ts'
import { ratio } from './ratio.ts'

/** What a benchmark with human labels (`judge.expected`) measures of its judge. */
export const JUDGE_AGREEMENT_METRICS: Readonly<Record<string, MetricSemantics>> = {
  judge_agreement: ratio("Share of the judge's verdicts equal to the human label, the mean over the orders asked."),
  judge_agreement_original: ratio('Share of verdicts equal to the human label, the output under test shown first.'),
  judge_agreement_swapped: ratio('Share of verdicts equal to the human label, the output under test shown second.'),
  judge_agreement_both: ratio('Share of samples whose verdicts equal the human label in both orders.'),
  position_consistency: ratio('Share of samples whose two orders gave the same verdict (two invalid replies agree).'),
  judge_kappa_original: coefficient(
    "Cohen's kappa of the verdicts (an invalid reply a category of its own) against the human labels, original order.",
  ),
  judge_kappa_swapped: coefficient("Cohen's kappa of the verdicts against the human labels, swapped order."),
  position_kappa: coefficient("Cohen's kappa between the verdicts of the two orders."),
  judge_spearman: coefficient("Spearman's rank correlation of the judge's grades with the human scores."),
  judge_pearson: coefficient("Pearson's correlation of the judge's grades with the human scores."),
  judge_mae: {
    kind: 'score',
    direction: 'lower',
    unit: null,
    range: { min: 0, max: null },
    display: 'number',
    scale: 1,
    precision: 3,
    description: "Mean absolute difference between the judge's grade and the human score.",
  },
}
