import { cohenKappa, pearson, resampledInterval, SMALL_SAMPLE, spearman, type Category } from '../metrics/index.ts'
import type { JudgeRecord, MetricRow, Report } from '../schema/index.ts'
import type { SampleOutcome } from './sample-outcome.ts'

type Confusion = NonNullable<NonNullable<Report['judge']>['confusion']>
type Verdicts = NonNullable<JudgeRecord['verdicts']>

/** The measures of a judge over the whole set of samples (kappas, correlations), and its confusion matrices. */
export interface JudgeAgreement {
  rows: Map<string, Omit<MetricRow, 'metric'>>
  confusion?: Confusion
}

// an invalid reply is a verdict of its own, which no human label equals
const NONE = 'none'
const coded = (verdict: string | number | null): Category => verdict ?? NONE

function row(n: number, value: number | null, interval: MetricRow['interval']): Omit<MetricRow, 'metric'> {
  return { aggregation: 'mean', k: null, subset: null, averaging: 'micro', n, samples: n, excluded: 0, value, interval, smallSample: n > 0 && n < SMALL_SAMPLE }
}

function kappaRow(first: readonly Category[], second: readonly Category[]): Omit<MetricRow, 'metric'> {
  const kappa = (items: readonly number[]): number | null => cohenKappa(items.map((i) => first[i]!), items.map((i) => second[i]!))
  return row(first.length, cohenKappa(first, second), resampledInterval(first.length, kappa))
}

function correlationRow(statistic: typeof pearson, x: readonly number[], y: readonly number[]): Omit<MetricRow, 'metric'> {
  const resampled = (items: readonly number[]): number | null => statistic(items.map((i) => x[i]!), items.map((i) => y[i]!))
  return row(x.length, statistic(x, y), resampledInterval(x.length, resampled))
}

function confusionOf(pairs: ReadonlyArray<readonly [Category, Category]>): Confusion['original'] {
  const matrix: Confusion['original'] = {}
  for (const [label, verdict] of pairs) {
    const counts = (matrix[String(label)] ??= {})
    counts[String(verdict)] = (counts[String(verdict)] ?? 0) + 1
  }
  return matrix
}

function categorical(measured: ReadonlyArray<{ expected: string; verdicts: Verdicts }>): JudgeAgreement {
  const labels = measured.map((m) => m.expected)
  const original = measured.map((m) => coded(m.verdicts.original))
  const rows = new Map([['judge_kappa_original', kappaRow(labels, original)]])
  const both = measured.filter((m) => m.verdicts.swapped !== undefined)
  const confusion: Confusion = { original: confusionOf(labels.map((label, i) => [label, original[i]!])) }
  if (both.length > 0) {
    const swapped = both.map((m) => coded(m.verdicts.swapped!))
    const bothLabels = both.map((m) => m.expected)
    rows.set('judge_kappa_swapped', kappaRow(bothLabels, swapped))
    rows.set('position_kappa', kappaRow(both.map((m) => coded(m.verdicts.original)), swapped))
    confusion.swapped = confusionOf(bothLabels.map((label, i) => [label, swapped[i]!]))
  }
  return { rows, confusion }
}

function graded(measured: ReadonlyArray<{ expected: number; verdicts: Verdicts }>): JudgeAgreement {
  const valid = measured.filter((m) => typeof m.verdicts.original === 'number')
  const [judged, human] = [valid.map((m) => m.verdicts.original as number), valid.map((m) => m.expected)]
  return {
    rows: new Map([
      ['judge_spearman', correlationRow(spearman, judged, human)],
      ['judge_pearson', correlationRow(pearson, judged, human)],
    ]),
  }
}

/**
 * What a benchmark with human labels (`judge.expected`) measures of its judge over all its scored samples: Cohen's
 * kappas against the labels and between the orders, and the confusion matrices, for labels and pairwise judges;
 * Spearman's and Pearson's correlations with the human scores for numeric ones. Undefined without human labels.
 */
export function measureJudge(samples: readonly SampleOutcome[]): JudgeAgreement | undefined {
  const measured: Array<{ expected: string | number; verdicts: Verdicts }> = []
  for (const { meta, status } of samples) {
    if (status !== 'right' && status !== 'wrong') continue
    const record = meta.judge?.find((r) => r.expected !== undefined && r.verdicts !== undefined)
    if (record) measured.push({ expected: record.expected!, verdicts: record.verdicts! })
  }
  if (measured.length === 0) return undefined
  const scores = measured.filter((m): m is { expected: number; verdicts: Verdicts } => typeof m.expected === 'number')
  if (scores.length === measured.length) return graded(scores)
  return categorical(measured.map((m) => ({ expected: String(m.expected), verdicts: m.verdicts })))
}
