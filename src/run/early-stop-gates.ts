import { createMeanTest, createRegressionTest, type MeanTest, type RegressionTest, type SequenceBounds } from '../metrics/index.ts'
import type { EarlyStopGate } from '../schema/index.ts'

/** One gate as early stopping watches it: fed the samples' scores in run order, decided once its test is. */
export interface WatchedGate {
  readonly decided: boolean
  /** Feeds one sample's scores. */
  observe(sample: ObservedSample, scores: Readonly<Record<string, number>>): void
  /** The decision and its confidence sequence; only once decided. */
  summary(): EarlyStopGate
}

/** Which sample a gate is fed: its id pairs it with the baseline, its subset picks the subset thresholds it feeds. */
export interface ObservedSample {
  sampleId: string
  subset?: string
}

/** A threshold bound as early stopping watches it: a `min` holds above its bound, a `max` below it. */
export interface ThresholdBound {
  metric: string
  /** The subset whose samples alone feed it; null for the metric's overall mean. */
  subset: string | null
  holdsAbove: boolean
  bound: number
}

/** The committed baseline's per-sample scores of the metric a regression gate watches. */
export interface BaselineScores {
  metric: string
  lowerIsBetter: boolean
  /** Sample id → the baseline's score. */
  scores: Readonly<Record<string, number>>
}

/** How sure every test of one benchmark is asked to be: each gate's share of alpha, and the samples before deciding. */
export interface GateLevel {
  alpha: number
  minSamples: number
}

/** A share as the reasons of early stopping write it: 87.4%. */
export const percent = (value: number): string => `${Number((100 * value).toFixed(2))}%`
const points = (value: number): string => `${Number((100 * value).toFixed(2))} points`
const isUnit = (value: number): boolean => value >= 0 && value <= 1
// the regression test's bounds are mapped back from [0, 1] (2m - 1), which leaves float dust on the grid's steps
const rounded = ({ lower, upper }: SequenceBounds): SequenceBounds => ({ lower: Number(lower.toFixed(6)), upper: Number(upper.toFixed(6)) })

// a min that passes and a max that fails both rest on the sequence's lower end: the mean is above the bound
function isAbove(gate: EarlyStopGate): boolean {
  return gate.bound === 'maxDrop' ? gate.decision === 'fail' : (gate.bound === 'min') === (gate.decision === 'pass')
}

/** What a gate's decision says, in the reason of an early stop: "accuracy ≥ 80%", "drop in accuracy < 2 points". */
export function verdictOf(gate: EarlyStopGate): string {
  if (gate.bound === 'maxDrop') return `drop in ${gate.metric} ${isAbove(gate) ? '>' : '<'} ${points(gate.value)}`
  const sign = gate.bound === 'min' ? (isAbove(gate) ? '≥' : '<') : isAbove(gate) ? '>' : '≤'
  return `${nameOf(gate)} ${sign} ${percent(gate.value)}`
}

/** The end of the confidence sequence a decision rests on: "accuracy ≥ 87.4%", "drop in accuracy ≤ 0.6 points". */
export function sequenceEndOf(gate: EarlyStopGate): string {
  const { lower, upper } = gate.sequence
  if (gate.bound === 'maxDrop')
    return isAbove(gate) ? `drop in ${gate.metric} ≥ ${points(lower)}` : `drop in ${gate.metric} ≤ ${points(upper)}`
  return isAbove(gate) ? `${nameOf(gate)} ≥ ${percent(lower)}` : `${nameOf(gate)} ≤ ${percent(upper)}`
}

function nameOf(gate: EarlyStopGate): string {
  return gate.subset === null ? gate.metric : `${gate.metric} (subset ${gate.subset})`
}

/**
 * Watches a threshold bound with a sequential test of the metric's mean, overall or on one subset's samples. A bound
 * at 0 or 1, which no sample count decides, and a metric once a value outside [0, 1] has been seen, are left
 * undecided.
 */
export function watchThreshold(gate: ThresholdBound, level: GateLevel): WatchedGate {
  let test: MeanTest | undefined = gate.bound > 0 && gate.bound < 1 ? createMeanTest({ threshold: gate.bound, ...level }) : undefined
  return {
    get decided() {
      return Boolean(test?.decision)
    },
    observe(sample, scores) {
      const value = scores[gate.metric]
      if (value === undefined || test === undefined || (gate.subset !== null && sample.subset !== gate.subset)) return
      if (isUnit(value)) test.observe(value)
      else test = undefined
    },
    summary() {
      const passed = gate.holdsAbove === (test!.decision === 'above')
      const bound = gate.holdsAbove ? ('min' as const) : ('max' as const)
      return {
        metric: gate.metric,
        subset: gate.subset,
        bound,
        value: gate.bound,
        decision: passed ? 'pass' : 'fail',
        sequence: rounded(test!.bounds()!),
        samples: test!.samples,
      }
    },
  }
}

/**
 * Watches the regression gate with a sequential paired test of the drop from the baseline, fed only the samples the
 * baseline scored. Without baseline scores (or with a `maxDrop` of 1 or more, which no drop exceeds) it is never
 * decided, and neither is it once a score outside [0, 1] has been seen.
 */
export function watchRegression(maxDrop: number, baseline: BaselineScores | undefined, level: GateLevel): WatchedGate {
  let test: RegressionTest | undefined = baseline !== undefined && maxDrop < 1 ? createRegressionTest({ maxDrop, ...level }) : undefined
  const metric = baseline?.metric
  return {
    get decided() {
      return Boolean(test?.decision)
    },
    observe(sample, scores) {
      const before = baseline?.scores[sample.sampleId]
      const now = scores[metric ?? '']
      if (test === undefined || before === undefined || now === undefined) return
      if (!isUnit(before) || !isUnit(now)) test = undefined
      // a drop of a lower-is-better metric is a rise: the same test, on the scores turned over
      else if (baseline!.lowerIsBetter) test.observe(1 - before, 1 - now)
      else test.observe(before, now)
    },
    summary() {
      const decision = test!.decision === 'exceeds' ? 'fail' : 'pass'
      return {
        metric: metric!,
        subset: null,
        bound: 'maxDrop',
        value: maxDrop,
        decision,
        sequence: rounded(test!.bounds()!),
        samples: test!.samples,
      }
    },
  }
}
