import { createMeanTest, type MeanDecision, type SequenceBounds } from './mean-test.ts'

/** Whether a sequential regression test found the drop from the baseline above `maxDrop` or below it. */
export type RegressionDecision = 'exceeds' | 'within'

/** Options of {@link createRegressionTest}. */
export interface RegressionTestOptions {
  /** The largest drop that passes, in the score's units (0.02 is 2 points), from 0 up to but excluding 1. */
  maxDrop: number
  /** The chance of a wrong decision, whatever the true drop and whenever the run stops. */
  alpha: number
  /**
   * Paired samples to see before deciding.
   * @default 100
   */
  minSamples?: number
}

/** An anytime-valid test of a paired drop against the baseline. */
export interface RegressionTest {
  /** Adds one sample's baseline and current score, both in [0, 1] with higher better, and returns the decision. */
  observe(baseline: number, current: number): RegressionDecision | null
  readonly decision: RegressionDecision | null
  readonly samples: number
  /** The confidence sequence of the drop (baseline minus current), each bound at level 1 - alpha. */
  bounds(): SequenceBounds | null
}

/**
 * Creates a sequential paired test of the drop from the baseline, the mean of d = baseline - current over the samples
 * both scored. d lies in [-1, 1], so (1 + d) / 2 is a value in [0, 1] whose mean is (1 + drop) / 2, and a betting
 * test of that mean against (1 + maxDrop) / 2 (see createMeanTest) decides "exceeds" when the drop is larger than
 * maxDrop and "within" when a drop of maxDrop is ruled out, each wrong with probability at most alpha. A drop
 * between the two stays undecided until the evidence is there. For pass/fail scores d is -1, 0 or 1: a sample that
 * did not change is a value on the threshold when maxDrop is 0 and leaves both capitals as they were, so the test is
 * then a betting McNemar test on the discordant pairs; with a larger maxDrop the unchanged samples count as evidence
 * against a drop, as they must, since the drop is the discordance rate times its imbalance.
 */
export function createRegressionTest(options: RegressionTestOptions): RegressionTest {
  const { maxDrop, alpha, minSamples } = options
  if (!(maxDrop >= 0 && maxDrop < 1))
    throw new RangeError(`A regression test's maxDrop must be at least 0 and below 1, received ${maxDrop}`)
  const test = createMeanTest({ threshold: (1 + maxDrop) / 2, alpha, minSamples })
  const decisionOf = (mean: MeanDecision | null): RegressionDecision | null =>
    mean === null ? null : mean === 'above' ? 'exceeds' : 'within'
  return {
    observe(baseline, current) {
      if (!(baseline >= 0 && baseline <= 1 && current >= 0 && current <= 1)) {
        throw new RangeError(`A regression test takes scores in [0, 1], received baseline ${baseline} and current ${current}`)
      }
      return decisionOf(test.observe((1 + baseline - current) / 2))
    },
    get decision() {
      return decisionOf(test.decision)
    },
    get samples() {
      return test.samples
    },
    bounds() {
      const bounds = test.bounds()
      return bounds && { lower: 2 * bounds.lower - 1, upper: 2 * bounds.upper - 1 }
    },
  }
}
