import type { Interval } from '../../src/schema/index.ts'

/** One figure of one simulated run: the interval evalsuite printed for it, and the value it should cover. */
export interface Estimate {
  /** The interval kind, one row group of the table: "proportion", "macro-F1". */
  kind: string
  /** The population the samples were drawn from, and the figure when a scenario yields several. */
  truth: string
  value: number
  interval: Interval | null
}

/** How many runs a cell simulates, and how many resamples each bootstrap in it draws. */
export interface Budget {
  runs: number
  resamples: number
}

/** A population to draw runs of n samples from; `draw` gives every figure of one run. */
export interface Scenario {
  /** Whether the figures are bootstraps, which the budget simulates fewer runs of at large n. */
  resampled: boolean
  /** The fewest runs a cell of a resampled figure simulates at any n (at scale 1), for figures cheap enough to resample often. */
  least?: number
  draw: (n: number, random: () => number, resamples: number) => Estimate[]
  /** Its own budget at n and scale, for figures cheap enough to simulate more runs of than `budget` gives. */
  budget?: (n: number, scale: number) => Budget
}

/** An integer from 0 to `weights.length - 1`, drawn with the given probabilities. */
export function categorical(weights: readonly number[], random: () => number): number {
  let draw = random()
  for (const [index, weight] of weights.entries()) {
    draw -= weight
    if (draw < 0) return index
  }
  return weights.length - 1
}
