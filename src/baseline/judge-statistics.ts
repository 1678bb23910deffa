import { type Category, cohenKappa, pearson, spearman } from '../metrics/index.ts'
import type { JudgeRecord } from '../schema/index.ts'
import type { SampleOutcome } from '../records/index.ts'

type Verdicts = NonNullable<JudgeRecord['verdicts']>

/** One sample's human label and the verdict of each order asked: all a figure of the judge's whole set needs. */
export interface MeasuredSample {
  expected: string | number
  verdicts: Verdicts
}

/** A figure of a judge's whole set of samples (a kappa, a correlation), computable on any subset of them. */
export interface JudgeStatistic {
  metric: string
  /** The samples it is a figure of: those with a swapped order, or a valid grade. */
  covers: (sample: MeasuredSample) => boolean
  /** Its value on covered samples. */
  value: (samples: readonly MeasuredSample[]) => number | null
  /** For a kappa: the two ratings of a covered sample, whose agreement table its interval is drawn from. */
  raters?: readonly [first: (sample: MeasuredSample) => Category, second: (sample: MeasuredSample) => Category]
  /** How close one covered sample's two ratings are (1 or 0 for agreement, minus the distance for a grade): what got worse or better. */
  closeness: (sample: MeasuredSample) => number
}

// an invalid reply is a verdict of its own, which no human label equals
const NONE = 'none'

/** A verdict as the kappas and confusion matrices code it: an invalid reply is "none". */
export const coded = (verdict: string | number | null): Category => verdict ?? NONE

function kappa(
  metric: string,
  covers: JudgeStatistic['covers'],
  first: (s: MeasuredSample) => Category,
  second: (s: MeasuredSample) => Category,
): JudgeStatistic {
  return {
    metric,
    covers,
    value: (samples) => cohenKappa(samples.map(first), samples.map(second)),
    raters: [first, second],
    closeness: (sample) => (first(sample) === second(sample) ? 1 : 0),
  }
}

function correlation(metric: string, statistic: typeof pearson): JudgeStatistic {
  const grade = (sample: MeasuredSample): number => sample.verdicts.original as number
  return {
    metric,
    covers: (sample) => typeof sample.verdicts.original === 'number',
    value: (samples) =>
      statistic(
        samples.map(grade),
        samples.map((s) => s.expected as number),
      ),
    closeness: (sample) => -Math.abs(grade(sample) - (sample.expected as number)),
  }
}

const swappedAsked = (sample: MeasuredSample): boolean => sample.verdicts.swapped !== undefined
const label = (sample: MeasuredSample): Category => String(sample.expected)
const original = (sample: MeasuredSample): Category => coded(sample.verdicts.original)
const swapped = (sample: MeasuredSample): Category => coded(sample.verdicts.swapped!)

/** Whether every human label is a score: the judge is numeric, and graded by correlations rather than kappas. */
export const isGraded = (samples: readonly MeasuredSample[]): boolean => samples.every((sample) => typeof sample.expected === 'number')

/**
 * The corpus metrics a judge measured against human labels gets: Cohen's kappas against the labels and
 * between the orders for labels and pairwise judges (the swapped ones when an order was swapped), Spearman's and
 * Pearson's correlations with the human scores over the valid grades for numeric ones.
 */
export function judgeStatistics(samples: readonly MeasuredSample[]): JudgeStatistic[] {
  if (isGraded(samples)) return [correlation('judge_spearman', spearman), correlation('judge_pearson', pearson)]
  const statistics = [kappa('judge_kappa_original', () => true, label, original)]
  if (samples.some(swappedAsked)) {
    statistics.push(kappa('judge_kappa_swapped', swappedAsked, label, swapped), kappa('position_kappa', swappedAsked, original, swapped))
  }
  return statistics
}

/** The scored samples measured against a human label (\`judge.expected\`), every attempt of a repeated sample included. */
export function measuredSamples(samples: readonly SampleOutcome[]): Array<readonly [id: string, sample: MeasuredSample]> {
  const measured: Array<readonly [string, MeasuredSample]> = []
  for (const { meta, status } of samples) {
    if (status !== 'right' && status !== 'wrong') continue
    const record = meta.judge?.find((r) => r.expected !== undefined && r.verdicts !== undefined)
    if (record) measured.push([meta.sampleId, { expected: record.expected!, verdicts: record.verdicts! }])
  }
  return measured
}
