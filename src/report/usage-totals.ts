import { quantile } from '../metrics/index.ts'
import type { Report, Usage } from '../schema/index.ts'
import type { BenchmarkRecords } from '../records/index.ts'

const tenths = (value: number): number => Math.round(value * 10) / 10
// cost is kept to a millionth of a dollar, finer than any single cheap call would show otherwise
const micro = (value: number): number => Math.round(value * 1e6) / 1e6

/** p50, p90 and p99 of the values, to a tenth; null for none. */
export function percentiles(values: readonly number[]): Report['latencyMs'] {
  if (values.length === 0) return null
  // sorted once for the three: quantile sorts its own copy, which for sorted values is one pass
  const sorted = [...values].sort((a, b) => a - b)
  const at = (level: number): number => tenths(quantile(sorted, level) ?? 0)
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99) }
}

/** The sum of what calls cost, to a millionth of a dollar; null when none had a price. */
export function totalCostUsd(costs: readonly number[]): number | null {
  return costs.length === 0 ? null : micro(costs.reduce((sum, cost) => sum + cost, 0))
}

/** Per benchmark: time to first token, output throughput, cost, and what the cost limit or an early stop left unrun. */
export function usageTotals(
  run: BenchmarkRecords,
  usage: Usage,
): Pick<Report, 'ttftMs' | 'outputTokensPerSecond' | 'costUsd' | 'costLimit' | 'earlyStop'> {
  // one pass over a large run's samples, without an array per sample
  const ttfts: number[] = []
  const costs: number[] = []
  let notRun = 0
  let replayed = false
  let decided = 0
  for (const { meta } of run.samples) {
    if (meta.replayed) replayed = true
    if (meta.ttftMs !== undefined) ttfts.push(meta.ttftMs)
    if (meta.costUsd !== undefined) costs.push(meta.costUsd)
    if (meta.notRun === 'cost-limit') notRun++
    if (meta.notRun === 'early-stop') decided++
  }
  const duration = run.meta.durationMs
  const { maxCost, earlyStop } = run.meta
  return {
    ttftMs: percentiles(ttfts),
    // replayed replies took no time, so the run's wall time says nothing of the model's throughput
    outputTokensPerSecond: duration && usage.outputTokens > 0 && !replayed ? tenths((usage.outputTokens * 1000) / duration) : null,
    costUsd: totalCostUsd(costs),
    ...(maxCost === undefined
      ? {}
      : {
          costLimit: {
            maxCost,
            spentUsd: micro(run.meta.spentUsd ?? 0),
            notRun,
          },
        }),
    ...(earlyStop === undefined
      ? {}
      : {
          earlyStop: {
            reason: earlyStop.reason,
            notRun: decided,
            savedUsd: costs.length === 0 ? null : micro((costs.reduce((sum, cost) => sum + cost, 0) / costs.length) * decided),
            gates: earlyStop.gates,
          },
        }),
  }
}
