import { createCapital, createEstimates, settleBets, updateEstimates } from './betting.ts'

/** How many samples a sequential test sees before it decides, unless told otherwise. */
export const DEFAULT_MIN_SAMPLES = 100

/** Which side of its threshold a sequential test found the mean on. */
export type MeanDecision = 'above' | 'below'

/** The bounds of a confidence sequence: each holds at its level on its own, at every sample count at once. */
export interface SequenceBounds {
  lower: number
  upper: number
}

/** Options of {@link createMeanTest}. */
export interface MeanTestOptions {
  /** The mean to tell the true mean from, strictly between 0 and 1. */
  threshold: number
  /** The chance of a wrong decision, whatever the true mean and whenever the run stops. */
  alpha: number
  /**
   * Samples to see before deciding. Validity needs none (the test holds at every count); it keeps a lucky start
   * from ending a run before its report has figures worth reading.
   * @default 100
   */
  minSamples?: number
}

/** An anytime-valid test of whether the mean of values in [0, 1] is above or below a threshold. */
export interface MeanTest {
  /** Adds the next value, in [0, 1], and returns the decision, which never changes once taken. */
  observe(value: number): MeanDecision | null
  readonly decision: MeanDecision | null
  readonly samples: number
  /** The confidence sequence at the samples seen so far, each bound at level 1 - alpha; null before any sample. */
  bounds(): SequenceBounds | null
}

// the confidence sequence is read off a grid of candidate means, its bounds widened by one step to stay conservative
const GRID = 1000

function logCapitals(values: readonly number[], m: number): { above: number; below: number } {
  const estimates = createEstimates()
  const capital = createCapital(m)
  for (const value of values) {
    settleBets(capital, estimates, value)
    updateEstimates(estimates, value)
  }
  return capital
}

// every m whose "above" capital reached 1/α is ruled out as too low, and the lower bound is the first m left in;
// the capital need not fall monotonically in m (the bets depend on m), so the grid is scanned rather than bisected
function confidenceSequence(values: readonly number[], alpha: number): SequenceBounds {
  const limit = Math.log(1 / alpha)
  let low = 1
  while (low < GRID && logCapitals(values, low / GRID).above >= limit) low++
  let high = GRID - 1
  while (high > 0 && logCapitals(values, high / GRID).below >= limit) high--
  return { lower: Math.max(0, (low - 1) / GRID), upper: Math.min(1, (high + 1) / GRID) }
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new RangeError(message)
}

/**
 * Creates a sequential test of the mean of values in [0, 1] against a threshold, with the betting martingales of
 * Waudby-Smith and Ramdas (JRSS-B 2024): "above" once the bet that the mean exceeds the threshold has multiplied its
 * stake by 1/alpha, "below" for the reverse bet. A gate on the mean can then be decided wrongly in one direction
 * only, whatever the true mean (on the threshold, a `min` or `max` holds, so only a fail is wrong), and that
 * direction's bet reaches 1/alpha with probability at most alpha, at whichever sample count the run stops; so the
 * two sides need not share alpha.
 * @example
 * const test = createMeanTest({ threshold: 0.8, alpha: 0.05 })
 * for (const correct of scores) if (test.observe(correct)) break
 */
export function createMeanTest(options: MeanTestOptions): MeanTest {
  const { threshold, alpha, minSamples = DEFAULT_MIN_SAMPLES } = options
  check(threshold > 0 && threshold < 1, `A sequential test's threshold must be strictly between 0 and 1, received ${threshold}`)
  check(alpha > 0 && alpha < 1, `A sequential test's alpha must be strictly between 0 and 1, received ${alpha}`)
  check(
    Number.isInteger(minSamples) && minSamples >= 1,
    `A sequential test's minSamples must be a whole number of at least 1, received ${minSamples}`,
  )
  const limit = Math.log(1 / alpha)
  const values: number[] = []
  const estimates = createEstimates()
  const capital = createCapital(threshold)
  let decision: MeanDecision | null = null
  return {
    observe(value) {
      check(value >= 0 && value <= 1, `A sequential test takes values in [0, 1], received ${value}`)
      values.push(value)
      settleBets(capital, estimates, value)
      updateEstimates(estimates, value)
      if (decision === null && values.length >= minSamples) {
        if (capital.above >= limit) decision = 'above'
        else if (capital.below >= limit) decision = 'below'
      }
      return decision
    },
    get decision() {
      return decision
    },
    get samples() {
      return values.length
    },
    bounds() {
      return values.length === 0 ? null : confidenceSequence(values, alpha)
    },
  }
}
