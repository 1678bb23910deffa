import { DEFAULT_MIN_SAMPLES, splitAlpha } from '../metrics/index.ts'
import { type EarlyStopGate, type EarlyStopOptions, type Threshold, thousands } from '../schema/index.ts'
import type { RegressionOptions } from '../benchmark/index.ts'
import {
  percent,
  sequenceEndOf,
  verdictOf,
  watchRegression,
  watchThreshold,
  type BaselineScores,
  type ObservedSample,
  type ThresholdBound,
  type WatchedGate,
} from './early-stop-gates.ts'

/** Watches a benchmark's gates as its samples are scored, and says when every one of them is decided. */
export interface EarlyStop {
  /** Why the samples left are skipped ("decided after 212 of 2,000 samples: …"); undefined until every gate is decided. */
  readonly reason: string | undefined
  /** The gates, each with its decision and confidence sequence, once every one is decided. */
  readonly gates: EarlyStopGate[] | undefined
  /** Records a sample's scores, or undefined for one that errored for good; samples enter the tests in their run order. */
  record(key: string, scores: Record<string, number> | undefined): void
}

/** What the early stop of one benchmark is built from. */
export interface EarlyStopPlan {
  options: Exclude<EarlyStopOptions, false>
  thresholds: Record<string, Threshold>
  regression: RegressionOptions | undefined
  /** The committed baseline's scores of the metric the regression gate watches, when there are any. */
  baseline?: BaselineScores
}

/** A sample as early stopping orders it: its key in the run, its id and its subset. */
export interface EarlyStopSample extends ObservedSample {
  key: string
}

function boundsOf(metric: string, subset: string | null, { min, max }: { min?: number; max?: number }): ThresholdBound[] {
  return [
    ...(min === undefined ? [] : [{ metric, subset, holdsAbove: true, bound: min }]),
    ...(max === undefined ? [] : [{ metric, subset, holdsAbove: false, bound: max }]),
  ]
}

// one watched gate per threshold bound (min, max, overall and per subset) and the regression gate, each at its share of alpha
function watchGates(plan: EarlyStopPlan): { gates: WatchedGate[]; alpha: number } {
  const { alpha = 0.05, minSamples = DEFAULT_MIN_SAMPLES } = plan.options === true ? {} : plan.options
  const bounds = Object.entries(plan.thresholds).flatMap(([metric, threshold]) => {
    const { subsets, ...overall } = typeof threshold === 'number' ? { min: threshold } : threshold
    return [
      ...boundsOf(metric, null, overall),
      ...Object.entries(subsets ?? {}).flatMap(([subset, own]) => boundsOf(metric, subset, typeof own === 'number' ? { min: own } : own)),
    ]
  })
  const count = bounds.length + (plan.regression ? 1 : 0)
  const level = { alpha: count === 0 ? alpha : splitAlpha(alpha, count), minSamples }
  const gates = bounds.map((bound) => watchThreshold(bound, level))
  if (plan.regression) gates.push(watchRegression(plan.regression.maxDrop, plan.baseline, level))
  return { gates, alpha: level.alpha }
}

// a sample's scores over its attempts: each metric's mean over the attempts that scored it; a value outside [0, 1] in
// any attempt makes the mean NaN, so that the metric's tests end as they would on that value
function meanOverAttempts(records: Iterable<Record<string, number> | undefined>): Record<string, number> | undefined {
  const sums = new Map<string, { total: number; count: number }>()
  for (const scores of records) {
    for (const [metric, value] of Object.entries(scores ?? {})) {
      const sum = sums.get(metric) ?? { total: 0, count: 0 }
      sums.set(metric, { total: sum.total + (value >= 0 && value <= 1 ? value : Number.NaN), count: sum.count + 1 })
    }
  }
  return sums.size === 0 ? undefined : Object.fromEntries([...sums].map(([metric, sum]) => [metric, sum.total / sum.count]))
}

// the samples in run order, each with the keys of its attempts, which the run keeps side by side
function groupAttempts(samples: readonly EarlyStopSample[]): { sample: EarlyStopSample; keys: string[] }[] {
  const groups: { sample: EarlyStopSample; keys: string[] }[] = []
  for (const sample of samples) {
    const last = groups.at(-1)
    if (last?.sample.sampleId === sample.sampleId) last.keys.push(sample.key)
    else groups.push({ sample, keys: [sample.key] })
  }
  return groups
}

/**
 * Creates the early stop of one benchmark: one sequential test per gate, each at its share of `alpha`, fed the
 * samples' scores in the order the samples run (a seeded random order), however their calls finish. A repeated
 * sample enters once all its attempts are in, as its mean over them, so that each value the tests see is one
 * sample, independent of the others. Once every test has decided, `reason` says so and `onDecided` is called, once:
 * the benchmark gives up the calls of the samples not yet scored.
 */
export function createEarlyStop(plan: EarlyStopPlan, samples: readonly EarlyStopSample[], onDecided: () => void): EarlyStop {
  const { gates, alpha } = watchGates(plan)
  const groups = groupAttempts(samples)
  const groupOf = new Map(groups.flatMap((group, index) => group.keys.map((key) => [key, index] as const)))
  const waiting = new Map<number, Map<string, Record<string, number> | undefined>>()
  let next = 0
  let reason: string | undefined
  let decided: EarlyStopGate[] | undefined

  const decide = (): void => {
    if (gates.length === 0 || !gates.every((gate) => gate.decided)) return
    decided = gates.map((gate) => gate.summary())
    const verdicts = decided.map(verdictOf).join(', ')
    reason = `decided after ${thousands(next)} of ${thousands(groups.length)} samples: ${verdicts} at ${percent(1 - alpha)} confidence; confidence sequence ${decided.map(sequenceEndOf).join(', ')}`
  }

  return {
    get reason() {
      return reason
    },
    get gates() {
      return decided
    },
    record(key, scores) {
      const at = groupOf.get(key)
      if (at === undefined || at < next || reason !== undefined) return
      const records = waiting.get(at) ?? new Map<string, Record<string, number> | undefined>()
      // an attempt Vitest retried after it was recorded keeps its first record
      if (!records.has(key)) records.set(key, scores)
      waiting.set(at, records)
      while (reason === undefined && next < groups.length && waiting.get(next)?.size === groups[next]!.keys.length) {
        // errored attempts enter no test, and a sample none of whose attempts scored enters none
        const mean = meanOverAttempts(waiting.get(next)!.values())
        if (mean !== undefined) for (const gate of gates) gate.observe(groups[next]!.sample, mean)
        waiting.delete(next)
        next++
        decide()
      }
      if (reason !== undefined) onDecided()
    },
  }
}
