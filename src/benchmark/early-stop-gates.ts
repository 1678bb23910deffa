import { createMeanTest, createRegressionTest, type MeanTest, type RegressionTest } from '../metrics/index.ts'

/** One gate as early stopping watches it: fed the samples' scores in run order, decided once its test is. */
export interface WatchedGate {
  readonly decided: boolean
  /** Feeds one sample's scores. */
  observe(sample: ObservedSample, scores: Readonly<Record<string, number>>): void
  /** What was decided ("accuracy ≥ 80%"); only once decided. */
  verdict(): string
  /** The end of the confidence sequence the decision rests on ("accuracy ≥ 87.4%"); only once decided. */
  sequenceEnd(): string
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

/**
 * Watches a threshold bound with a sequential test of the metric's mean, overall or on one subset's samples. A bound at 0 or 1, which no sample count
 * decides, and a metric once a value outside [0, 1] has been seen, are left undecided.
 */
export function watchThreshold(gate: ThresholdBound, level: GateLevel): WatchedGate {
  let test: MeanTest | undefined = gate.bound > 0 && gate.bound < 1 ? createMeanTest({ threshold: gate.bound, ...level }) : undefined
  const above = (): boolean => test!.decision === 'above'
  const name = gate.subset === null ? gate.metric : `${gate.metric} (subset ${gate.subset})`
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
    verdict() {
      const sign = gate.holdsAbove ? (above() ? '≥' : '<') : above() ? '>' : '≤'
      return `${name} ${sign} ${percent(gate.bound)}`
    },
    sequenceEnd() {
      const bounds = test!.bounds()!
      return above() ? `${name} ≥ ${percent(bounds.lower)}` : `${name} ≤ ${percent(bounds.upper)}`
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
  const exceeds = (): boolean => test!.decision === 'exceeds'
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
    verdict() {
      return `drop in ${metric} ${exceeds() ? '>' : '<'} ${points(maxDrop)}`
    },
    sequenceEnd() {
      const bounds = test!.bounds()!
      return exceeds() ? `drop in ${metric} ≥ ${points(bounds.lower)}` : `drop in ${metric} ≤ ${points(bounds.upper)}`
    },
  }
}
