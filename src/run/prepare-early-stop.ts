import { baselineFileOf, readBaseline } from '../baseline/index.ts'
import type { GateSettings } from '../schema/index.ts'
import { providedCatalog, type ResolvedBenchmark } from '../benchmark/index.ts'
import type { BenchmarkMeta } from '../schema/index.ts'
import { createEarlyStop, type EarlyStop, type EarlyStopSample } from './early-stop.ts'
import type { BaselineScores } from './early-stop-gates.ts'
import type { SampleRun } from './sample-run.ts'

// read as the gate tests read the baseline (report/report-run.ts), so that both pair the same scores of the metric
// the benchmark's meta says the regression gate watches; none when the scores will decide it
async function loadBaselineScores(meta: BenchmarkMeta, settings: GateSettings | undefined): Promise<BaselineScores | undefined> {
  const metric = meta.regression?.metric
  if (settings === undefined || metric === undefined) return undefined
  const { baseline } = await readBaseline(baselineFileOf(meta.name, settings.root, settings.baselines.dir), settings.root)
  const scores = baseline?.models[meta.model]?.metrics[metric]
  const { direction } = providedCatalog(settings).catalog.get(metric)
  return scores === undefined || direction === 'none' ? undefined : { metric, lowerIsBetter: direction === 'lower', scores }
}

/**
 * Prepares a benchmark's early stop, reading the committed baseline when it has a regression gate; the stop itself
 * starts once the run's samples are known. None in a shard (which never stops on its own: the merged run evaluates the
 * gates) and with -u, whose baseline must come from every sample.
 */
export async function prepareEarlyStop(
  resolved: ResolvedBenchmark,
  meta: BenchmarkMeta,
  settings: GateSettings | undefined,
): Promise<((samples: readonly EarlyStopSample[], run: SampleRun) => EarlyStop) | undefined> {
  const { earlyStop, regression } = resolved.run
  if (!earlyStop || resolved.selection.shard !== undefined || settings?.updateMode === 'all') return undefined
  const baseline = regression === undefined ? undefined : await loadBaselineScores(meta, settings)
  const plan = { options: earlyStop, thresholds: resolved.thresholds, regression, ...(baseline ? { baseline } : {}) }
  return (samples, run) =>
    createEarlyStop(plan, samples, () => run.stop(new Error('evalsuite: every gate is decided, so this sample is not run')))
}
