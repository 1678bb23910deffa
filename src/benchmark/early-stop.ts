import { ConfigError } from '../errors.ts'
import { DEFAULT_MIN_SAMPLES, splitAlpha } from '../metrics/index.ts'
import type { EarlyStopOptions, Threshold } from '../schema/index.ts'
import type { RegressionOptions } from './benchmark-options.ts'
import { percent, watchRegression, watchThreshold, type BaselineScores, type ObservedSample, type ThresholdBound, type WatchedGate } from './early-stop-gates.ts'
import { providedGateSettings } from './gate-settings.ts'

/** Watches a benchmark's gates as its samples are scored, and says when every one of them is decided. */
export interface EarlyStop {
  /** Why the samples left are skipped ("decided after 212 of 2,000 samples: …"); undefined until every gate is decided. */
  readonly reason: string | undefined
  /** Records a sample's scores, or undefined for one that errored for good; samples enter the tests in their run order. */
  record(key: string, scores: Record<string, number> | undefined): void
}

/** What the early stop of one benchmark is built from. */
export interface EarlyStopPlan {
  where: string
  options: Exclude<EarlyStopOptions, false>
  thresholds: Record<string, Threshold>
  regression: RegressionOptions | undefined
  /** The committed baseline's scores of the metric the regression gate watches, when there are any. */
  baseline?: BaselineScores
  repeats: number
}

/** A sample as early stopping orders it: its key in the run, its id and its subset. */
export interface EarlyStopSample extends ObservedSample {
  key: string
}

// what refuses early stopping, where the benchmark is declared
function earlyStopProblems(plan: Omit<EarlyStopPlan, 'options'>): string[] {
  return plan.repeats > 1 ? ['repeats'] : []
}

/**
 * The early stop a benchmark runs with: its own `earlyStop`, else the plugin's, which applies only where the
 * benchmark's gates allow it and its samples may be shuffled (`shuffle` is the benchmark's own, when it sets one).
 */
export function chooseEarlyStop(own: EarlyStopOptions | undefined, plan: Omit<EarlyStopPlan, 'options'>, shuffle: boolean | undefined): EarlyStopOptions | undefined {
  if (own !== undefined) return own
  const fallback = providedGateSettings()?.earlyStop
  return fallback && shuffle !== false && earlyStopProblems(plan).length === 0 ? fallback : undefined
}

/**
 * Checks that a benchmark's gates are ones early stopping can decide: thresholds on the overall and subset means and
 * the regression gate. Repeated samples are refused where the benchmark is declared, not silently run to the end.
 */
export function checkEarlyStop(plan: Omit<EarlyStopPlan, 'options'>): void {
  const problems = earlyStopProblems(plan)
  if (problems.length > 0) {
    throw new ConfigError(`${plan.where}: earlyStop decides thresholds on a metric's mean and the regression gate only, not ${problems.join(', ')}. Remove earlyStop, or run those gates in a benchmark of their own.`)
  }
}

function boundsOf(metric: string, subset: string | null, { min, max }: { min?: number; max?: number }): ThresholdBound[] {
  return [...(min === undefined ? [] : [{ metric, subset, holdsAbove: true, bound: min }]), ...(max === undefined ? [] : [{ metric, subset, holdsAbove: false, bound: max }])]
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

/**
 * Creates the early stop of one benchmark: one sequential test per gate, each at its share of `alpha`, fed the
 * samples' scores in the order the samples run (a seeded random order), however their calls finish. Once every test
 * has decided, `reason` says so and `onDecided` gets the keys of the samples not yet scored, whose calls the
 * benchmark gives up.
 */
export function createEarlyStop(plan: EarlyStopPlan, samples: readonly EarlyStopSample[], onDecided: (left: string[]) => void): EarlyStop {
  const { gates, alpha } = watchGates(plan)
  const keys = samples.map((sample) => sample.key)
  const position = new Map(keys.map((key, index) => [key, index]))
  const waiting = new Map<number, Record<string, number> | undefined>()
  let next = 0
  let reason: string | undefined

  const decide = (): void => {
    if (gates.length === 0 || !gates.every((gate) => gate.decided)) return
    const verdicts = gates.map((gate) => gate.verdict()).join(', ')
    reason = `decided after ${next.toLocaleString('en-US')} of ${keys.length.toLocaleString('en-US')} samples: ${verdicts} at ${percent(1 - alpha)} confidence; confidence sequence ${gates.map((gate) => gate.sequenceEnd()).join(', ')}`
  }

  return {
    get reason() {
      return reason
    },
    record(key, scores) {
      const at = position.get(key)
      // a sample Vitest retried after it was recorded keeps its first record
      if (at === undefined || at < next || reason !== undefined) return
      waiting.set(at, scores)
      while (reason === undefined && waiting.has(next)) {
        const recorded = waiting.get(next)
        // errored samples enter no test
        if (recorded !== undefined) for (const gate of gates) gate.observe(samples[next]!, recorded)
        waiting.delete(next)
        next++
        decide()
      }
      if (reason !== undefined) onDecided(keys.slice(next).filter((_, offset) => !waiting.has(next + offset)))
    },
  }
}
