import { RegressionSchema, type BenchmarkMeta } from '../schema/index.ts'
import type { ResolvedBenchmark } from './resolve-benchmark.ts'

/**
 * What the benchmark's suite records for the reporter: its name, model, gates, and how its samples were run. A
 * benchmark that measures its judge names the judge model: it is what is under test, and its baseline entry.
 */
export function benchmarkMeta(resolved: ResolvedBenchmark, measuredJudge?: string): BenchmarkMeta {
  const { definition, run, selection } = resolved
  return {
    kind: 'benchmark',
    name: definition.name,
    model: measuredJudge ?? run.model?.name ?? (run.task?.name || 'task'),
    ...(resolved.primaryMetric === undefined ? {} : { primaryMetric: resolved.primaryMetric }),
    thresholds: resolved.thresholds,
    // the watched metric, decided with the benchmark: what its early stop, gate tests and report watch alike
    ...(run.regression === undefined
      ? {}
      : {
          regression: RegressionSchema.parse({
            ...run.regression,
            ...(resolved.regressionMetric === undefined ? {} : { metric: resolved.regressionMetric }),
          }),
        }),
    maxErrors: run.maxErrors ?? 0,
    ...(run.maxCost === undefined ? {} : { maxCost: run.maxCost }),
    ...(selection.repeats > 1 ? { repeats: selection.repeats } : {}),
    ...(selection.shard ? { shard: selection.shard } : {}),
    ...(run.classification ? { classification: true as const } : {}),
    ...(resolved.variant ? { variant: resolved.variant } : {}),
  }
}
