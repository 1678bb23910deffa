import { ConfigError } from '../errors.ts'
import { createMeanTest, DEFAULT_MIN_SAMPLES, splitAlpha, type MeanTest } from '../metrics/index.ts'
import type { EarlyStopOptions, Threshold } from '../schema/index.ts'
import type { RegressionOptions } from './benchmark-options.ts'
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
  repeats: number
}

interface Gate {
  metric: string
  // a min holds above its bound, a max below it
  holdsAbove: boolean
  bound: number
  // none for a bound at 0 or 1, which no sample count decides, and once a value outside [0, 1] has been seen
  test: MeanTest | undefined
}

const percent = (value: number): string => `${Number((100 * value).toFixed(2))}%`

// what refuses early stopping, where the benchmark is declared
function earlyStopProblems(plan: Omit<EarlyStopPlan, 'options'>): string[] {
  return [
    ...Object.entries(plan.thresholds).flatMap(([metric, threshold]) =>
      typeof threshold === 'object' && threshold.subsets !== undefined ? [`the subset thresholds of "${metric}"`] : [],
    ),
    ...(plan.regression ? ['the regression gate'] : []),
    ...(plan.repeats > 1 ? ['repeats'] : []),
  ]
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
 * Checks that a benchmark's gates are ones early stopping can decide: thresholds on the overall mean. Subset
 * thresholds, the regression gate and repeated samples are refused where the benchmark is declared, not silently
 * run to the end.
 */
export function checkEarlyStop(plan: Omit<EarlyStopPlan, 'options'>): void {
  const problems = earlyStopProblems(plan)
  if (problems.length > 0) {
    throw new ConfigError(`${plan.where}: earlyStop decides thresholds on a metric's overall mean only, not ${problems.join(', ')}. Remove earlyStop, or run those gates in a benchmark of their own.`)
  }
}

/**
 * Creates the early stop of one benchmark: one sequential test per threshold bound (`min`, `max`), each at its share
 * of `alpha`, fed the samples' scores in the order the samples run (a seeded random order), however their calls
 * finish. Once every test has decided, `reason` says so and `onDecided` gets the keys of the samples not yet scored,
 * whose calls the benchmark gives up.
 */
export function createEarlyStop(plan: EarlyStopPlan, keys: readonly string[], onDecided: (left: string[]) => void): EarlyStop {
  const { alpha = 0.05, minSamples = DEFAULT_MIN_SAMPLES } = plan.options === true ? {} : plan.options
  const bounds = Object.entries(plan.thresholds).flatMap(([metric, threshold]) => {
    const { min, max } = typeof threshold === 'number' ? { min: threshold, max: undefined } : threshold
    return [...(min === undefined ? [] : [{ metric, holdsAbove: true, bound: min }]), ...(max === undefined ? [] : [{ metric, holdsAbove: false, bound: max }])]
  })
  const share = bounds.length === 0 ? alpha : splitAlpha(alpha, bounds.length)
  const gates: Gate[] = bounds.map((gate) => ({
    ...gate,
    test: gate.bound > 0 && gate.bound < 1 ? createMeanTest({ threshold: gate.bound, alpha: share, minSamples }) : undefined,
  }))
  const position = new Map(keys.map((key, index) => [key, index]))
  const waiting = new Map<number, Record<string, number> | undefined>()
  let next = 0
  let reason: string | undefined

  const feed = (scores: Record<string, number> | undefined): void => {
    if (scores === undefined) return
    for (const gate of gates) {
      const value = scores[gate.metric]
      if (value === undefined || gate.test === undefined) continue
      if (!(value >= 0 && value <= 1)) gate.test = undefined
      else gate.test.observe(value)
    }
  }

  const verdict = (gate: Gate): string => {
    const above = gate.test!.decision === 'above'
    const sign = gate.holdsAbove ? (above ? '≥' : '<') : above ? '>' : '≤'
    return `${gate.metric} ${sign} ${percent(gate.bound)}`
  }

  // the end of the confidence sequence the decision rests on: the lower one for "above", the upper one for "below"
  const sequenceEnd = (gate: Gate): string => {
    const bounds = gate.test!.bounds()!
    return gate.test!.decision === 'above' ? `${gate.metric} ≥ ${percent(bounds.lower)}` : `${gate.metric} ≤ ${percent(bounds.upper)}`
  }

  const decide = (): void => {
    if (gates.length === 0 || !gates.every((gate) => gate.test?.decision)) return
    reason = `decided after ${next.toLocaleString('en-US')} of ${keys.length.toLocaleString('en-US')} samples: ${gates.map(verdict).join(', ')} at ${percent(1 - share)} confidence; confidence sequence ${gates.map(sequenceEnd).join(', ')}`
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
        feed(waiting.get(next))
        waiting.delete(next)
        next++
        decide()
      }
      if (reason !== undefined) onDecided(keys.slice(next).filter((_, offset) => !waiting.has(next + offset)))
    },
  }
}
