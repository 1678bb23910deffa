import type { EarlyStopOptions } from '../schema/index.ts'

/**
 * The early stop a benchmark runs with: its own `earlyStop`, else the plugin's (`fallback`), which applies only where its samples
 * may be shuffled (`shuffle` is the benchmark's own, when it sets one).
 */
export function chooseEarlyStop(
  own: EarlyStopOptions | undefined,
  shuffle: boolean | undefined,
  fallback: EarlyStopOptions | undefined,
): EarlyStopOptions | undefined {
  if (own !== undefined) return own
  return fallback && shuffle !== false ? fallback : undefined
}
