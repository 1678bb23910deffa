import { type Category, JUDGE_AGREEMENT_METRICS, kappaInterval, resampledInterval, SMALL_SAMPLE } from '../metrics/index.ts'
import type { MetricRow, Report } from '../schema/index.ts'
import { coded, isGraded, type JudgeStatistic, judgeStatistics, type MeasuredSample, measuredSamples } from '../baseline/index.ts'
import type { SampleOutcome } from '../records/index.ts'

type Confusion = NonNullable<NonNullable<Report['judge']>['confusion']>

/** The measures of a judge over the whole set of samples (kappas, correlations), and its confusion matrices. */
export interface JudgeAgreement {
  rows: Map<string, Omit<MetricRow, 'metric'>>
  confusion?: Confusion
}

function statisticRow(statistic: JudgeStatistic, measured: readonly MeasuredSample[]): Omit<MetricRow, 'metric'> {
  const covered = measured.filter(statistic.covers)
  const n = covered.length
  const value = statistic.value(covered)
  const range = JUDGE_AGREEMENT_METRICS[statistic.metric]?.range ?? { min: -1, max: 1 }
  const { raters } = statistic
  // a kappa's interval from its agreement table (kappaInterval), a correlation's by resampling its samples
  const interval = raters
    ? kappaInterval(covered.map(raters[0]), covered.map(raters[1]), range)
    : resampledInterval(n, (items) => statistic.value(items.map((i) => covered[i]!)), range)
  return {
    aggregation: 'mean',
    k: null,
    subset: null,
    averaging: 'micro',
    n,
    samples: n,
    excluded: 0,
    value,
    interval,
    smallSample: n > 0 && n < SMALL_SAMPLE,
  }
}

function confusionOf(measured: readonly MeasuredSample[], verdict: (sample: MeasuredSample) => Category): Confusion['original'] {
  const matrix: Confusion['original'] = {}
  for (const sample of measured) {
    const counts = (matrix[String(sample.expected)] ??= {})
    const key = String(verdict(sample))
    counts[key] = (counts[key] ?? 0) + 1
  }
  return matrix
}

function confusionMatrices(measured: readonly MeasuredSample[]): Confusion {
  const confusion: Confusion = { original: confusionOf(measured, (sample) => coded(sample.verdicts.original)) }
  const both = measured.filter((sample) => sample.verdicts.swapped !== undefined)
  if (both.length > 0) confusion.swapped = confusionOf(both, (sample) => coded(sample.verdicts.swapped!))
  return confusion
}

/**
 * What a benchmark with human labels (`judge.expected`) measures of its judge over all its scored samples: Cohen's
 * kappas against the labels and between the orders, and the confusion matrices, for labels and pairwise judges;
 * Spearman's and Pearson's correlations with the human scores for numeric ones. Undefined without human labels.
 */
export function measureJudge(samples: readonly SampleOutcome[]): JudgeAgreement | undefined {
  const measured = measuredSamples(samples).map(([, sample]) => sample)
  if (measured.length === 0) return undefined
  const rows = new Map(judgeStatistics(measured).map((statistic) => [statistic.metric, statisticRow(statistic, measured)]))
  return isGraded(measured) ? { rows } : { rows, confusion: confusionMatrices(measured) }
}
