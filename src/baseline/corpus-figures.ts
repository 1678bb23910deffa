import {
  compareCorpus,
  type CorpusAggregate,
  type CorpusPair,
  corpusRows,
  type CorpusSample,
  type MetricCatalog,
} from '../metrics/index.ts'
import type { Baseline, Comparison, MetricRow } from '../schema/index.ts'
import type { SampleOutcome } from '../records/index.ts'

/** A baseline's record of the answers its corpus metrics are recomputed from, by sample id. */
export type BaselineAnswers = NonNullable<Baseline['models'][string]['answers']>

/** A benchmark's corpus metrics: their rows, and their comparisons with the baseline. */
export interface CorpusFigures {
  rows: MetricRow[]
  comparisons: Comparison[]
}

/** The scored samples, every attempt, as an aggregate receives them. */
export function corpusSamples(samples: readonly SampleOutcome[]): CorpusSample[] {
  const scored: CorpusSample[] = []
  for (const { meta, status } of samples) {
    if (status !== 'right' && status !== 'wrong') continue
    const check = meta.checks?.[0]
    scored.push({
      id: meta.sampleId,
      attempt: meta.attempt ?? 0,
      subset: meta.subset ?? null,
      scores: meta.scores ?? {},
      answer: check?.extracted ?? null,
      target: meta.target ?? check?.target ?? null,
    })
  }
  return scored
}

// each sample's first scored attempt, by id, as a baseline keeps one per sample
function firstAttempts(samples: readonly CorpusSample[]): Map<string, CorpusSample> {
  const byId = new Map<string, CorpusSample>()
  for (const sample of samples) {
    const seen = byId.get(sample.id)
    if (seen === undefined || sample.attempt < seen.attempt) byId.set(sample.id, sample)
  }
  return byId
}

/** What a baseline keeps of these samples for their corpus metrics; undefined for none. */
export function baselineAnswersOf(samples: readonly SampleOutcome[]): BaselineAnswers | undefined {
  const first = firstAttempts(corpusSamples(samples))
  if (first.size === 0) return undefined
  const answers: BaselineAnswers = { answer: {}, target: {} }
  for (const [id, sample] of first) {
    answers.answer[id] = sample.answer
    if (sample.target !== null) answers.target[id] = typeof sample.target === 'string' ? sample.target : [...sample.target]
  }
  return answers
}

/** The samples a baseline entry holds, as an aggregate receives them: its answers, targets and per-sample scores. */
export function baselineSamples(entry: Baseline['models'][string] | undefined): Map<string, CorpusSample> {
  const byId = new Map<string, CorpusSample>()
  if (entry?.answers === undefined) return byId
  const { answers, metrics } = entry
  for (const [id, answer] of Object.entries(answers.answer)) {
    const scores: Record<string, number> = {}
    for (const [metric, perSample] of Object.entries(metrics)) if (perSample[id] !== undefined) scores[metric] = perSample[id]
    byId.set(id, { id, attempt: 0, subset: null, scores, answer, target: answers.target[id] ?? null })
  }
  return byId
}

/**
 * An aggregate's figures on a run's scored samples (overall and per subset, each with its bootstrap interval), and,
 * on the samples the baseline shares, each figure against the baseline's by a paired bootstrap. Figures without a
 * direction are not compared, as for per-sample metrics.
 */
export function corpusFigures(
  samples: readonly SampleOutcome[],
  aggregate: CorpusAggregate,
  entry: Baseline['models'][string] | undefined,
  catalog: MetricCatalog,
): CorpusFigures {
  const current = corpusSamples(samples)
  const byMetric = corpusRows(current, aggregate, { range: (metric) => catalog.get(metric).range })
  const rows = [...byMetric].flatMap(([metric, metricRows]) => metricRows.map((row) => ({ metric, ...row })))
  const before = baselineSamples(entry)
  // in sample id order, so the bootstrap draws the same resamples however the run was split or ordered
  const pairs: CorpusPair[] = [...firstAttempts(current)]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([id, sample]) => (before.has(id) ? [{ baseline: before.get(id)!, current: sample }] : []))
  const comparisons = compareCorpus(pairs, aggregate, { range: (metric) => catalog.get(metric).range }).filter(
    (comparison) => catalog.get(comparison.metric).direction !== 'none',
  )
  return { rows, comparisons }
}
