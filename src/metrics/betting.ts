// The betting martingales of Waudby-Smith and Ramdas, "Estimating means of bounded random variables by betting"
// (JRSS-B 2024), for values in [0, 1]. Two gamblers bet against a candidate mean m: one that the mean is above m,
// with capital ∏ (1 + λ_i (x_i - m)), the other that it is below, with capital ∏ (1 - λ_i (x_i - m)). Each bet λ_i
// is chosen before x_i is seen and is never negative, so if the mean is at most m (at least m, for the second) the
// first (second) capital is a nonnegative supermartingale from 1, and by Ville's inequality it ever reaches 1/α
// with probability at most α, however long the run and whenever it stops.

// c in the paper: no single value can take more than half of a gambler's capital
const TRUNCATION = 0.5

/**
 * What the bets are fitted to: the running mean and variance, each started from one pseudo-observation (mean 1/2,
 * variance 1/4) so that the first bets are small.
 */
export interface BettingEstimates {
  count: number
  sum: number
  mean: number
  squares: number
  variance: number
}

export function createEstimates(): BettingEstimates {
  return { count: 0, sum: 0, mean: 0.5, squares: 0, variance: 0.25 }
}

export function updateEstimates(estimates: BettingEstimates, value: number): void {
  estimates.count += 1
  estimates.sum += value
  estimates.mean = (0.5 + estimates.sum) / (estimates.count + 1)
  estimates.squares += (value - estimates.mean) ** 2
  estimates.variance = (0.25 + estimates.squares) / (estimates.count + 1)
}

// the aGRAPA bet, an approximation of the growth-optimal (Kelly) bet, gap / (variance + gap²): far quicker than the
// paper's predictable plug-in once the mean is a few points from m (half the samples 5 points away), as valid
function aGrapa(estimates: BettingEstimates, gap: number, limit: number): number {
  return gap <= 0 ? 0 : Math.min(gap / (estimates.variance + gap * gap), limit)
}

/** The log capital of the two gamblers betting against the mean `m`. */
export interface Capital {
  readonly m: number
  above: number
  below: number
}

export function createCapital(m: number): Capital {
  return { m, above: 0, below: 0 }
}

/** Settles the bets on `value`, sized from `estimates`, which must not have seen `value` yet. */
export function settleBets(capital: Capital, estimates: BettingEstimates, value: number): void {
  const { m } = capital
  capital.above += Math.log1p(aGrapa(estimates, estimates.mean - m, TRUNCATION / m) * (value - m))
  capital.below += Math.log1p(aGrapa(estimates, m - estimates.mean, TRUNCATION / (1 - m)) * (m - value))
}
