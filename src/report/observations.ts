import type { Observation } from '../metrics/index.ts'
import type { SampleMeta } from '../schema/index.ts'
import type { SampleOutcome } from '../records/index.ts'

// what the harness measures per call, by catalog name; a scorer's own metric of the same name wins
const MEASURES: ReadonlyArray<readonly [string, (meta: SampleMeta) => number | undefined]> = [
  ['latency', (meta) => meta.latencyMs],
  ['time_to_first_token', (meta) => meta.ttftMs],
  ['input_tokens', (meta) => meta.usage?.inputTokens],
  ['output_tokens', (meta) => meta.usage?.outputTokens],
  ['cost', (meta) => meta.costUsd],
]

/** Attempts per sample the benchmark planned: 1 unless its tests carry attempt indexes. */
export function plannedAttempts(samples: readonly SampleOutcome[]): number {
  let attempts = 1
  for (const sample of samples) if (sample.meta.attempt !== undefined) attempts = Math.max(attempts, sample.meta.attempt + 1)
  return attempts
}

/** Whether the benchmark repeats its samples (its tests carry attempt indexes). */
export function isRepeated(samples: readonly SampleOutcome[]): boolean {
  return samples.some((sample) => sample.meta.attempt !== undefined)
}

/**
 * Every metric's values over the scored samples: the scorer's scores and the harness's measures. Errored and skipped
 * samples have no place in any metric.
 */
export function observationsByMetric(samples: readonly SampleOutcome[]): Map<string, Observation[]> {
  const byMetric = new Map<string, Observation[]>()
  const add = (metric: string, observation: Observation): void => {
    const list = byMetric.get(metric)
    if (list) list.push(observation)
    else byMetric.set(metric, [observation])
  }
  for (const { meta, status } of samples) {
    if (status !== 'right' && status !== 'wrong') continue
    const sample = meta.sampleId
    const attempt = meta.attempt ?? 0
    const subset = meta.subset ?? null
    const answer = meta.checks?.[0]?.extracted ?? null
    const scores = meta.scores ?? {}
    for (const metric in scores) add(metric, { sample, attempt, subset, value: scores[metric]!, answer })
    for (const [metric, measure] of MEASURES) {
      const value = measure(meta)
      if (value !== undefined && !(metric in scores)) add(metric, { sample, attempt, subset, value, answer })
    }
  }
  return byMetric
}

/** Each scored sample's score per metric, the mean over its scored attempts when it repeats: what a baseline keeps. */
export function scoresBySample(samples: readonly SampleOutcome[]): Map<string, Map<string, number>> {
  const sums = new Map<string, Map<string, { sum: number; count: number }>>()
  for (const { meta, status } of samples) {
    if (status !== 'right' && status !== 'wrong') continue
    for (const [metric, value] of Object.entries(meta.scores ?? {})) {
      const perSample = sums.get(metric) ?? new Map<string, { sum: number; count: number }>()
      sums.set(metric, perSample)
      const entry = perSample.get(meta.sampleId) ?? { sum: 0, count: 0 }
      perSample.set(meta.sampleId, { sum: entry.sum + value, count: entry.count + 1 })
    }
  }
  return new Map([...sums].map(([metric, perSample]) => [metric, new Map([...perSample].map(([id, { sum, count }]) => [id, sum / count]))]))
}
