import { baselineFileOf, readBaseline } from '../baseline/index.ts'
import type { GateSettings } from '../gates/index.ts'
import { providedCatalog, type ResolvedBenchmark } from '../benchmark/index.ts'
import { createEarlyStop, type EarlyStop, type EarlyStopSample } from './early-stop.ts'
import type { BaselineScores } from './early-stop-gates.ts'
import type { SampleRun } from './sample-run.ts'

// the metric the reporter's regression gate will watch; with a judge and none named, the reporter may pick the
// judge's metric from the scores, which the worker cannot know before they arrive
function watchedMetric(resolved: ResolvedBenchmark): string | undefined {
  return resolved.run.regression?.metric ?? resolved.primaryMetric ?? (resolved.run.judge === undefined ? 'accuracy' : undefined)
}

// read as the gate tests read the baseline (report/report-run.ts), so that both pair the same scores
async function loadBaselineScores(resolved: ResolvedBenchmark, model: string, settings: GateSettings | undefined): Promise<BaselineScores | undefined> {
  const metric = watchedMetric(resolved)
  if (settings === undefined || metric === undefined) return undefined
  const { baseline } = await readBaseline(baselineFileOf(resolved.definition.name, settings.root, settings.baselineDir), settings.root)
  const scores = baseline?.models[model]?.metrics[metric]
  const { direction } = providedCatalog(settings).catalog.get(metric)
  return scores === undefined || direction === 'none' ? undefined : { metric, lowerIsBetter: direction === 'lower', scores }
}

/**
 * Prepares a benchmark's early stop, reading the committed baseline when it has a regression gate; the stop itself
 * starts once the run's samples are known. None in a shard (which never stops on its own: the merged run evaluates the
 * gates) and with -u, whose baseline must come from every sample.
 */
export async function prepareEarlyStop(resolved: ResolvedBenchmark, model: string, settings: GateSettings | undefined): Promise<((samples: readonly EarlyStopSample[], run: SampleRun) => EarlyStop) | undefined> {
  const { earlyStop, regression } = resolved.run
  if (!earlyStop || resolved.selection.shard !== undefined || settings?.updateMode === 'all') return undefined
  const baseline = regression === undefined ? undefined : await loadBaselineScores(resolved, model, settings)
  const plan = { options: earlyStop, thresholds: resolved.thresholds, regression, ...(baseline ? { baseline } : {}) }
  return (samples, run) =>
    createEarlyStop(plan, samples, () => run.stop(new Error('evalsuite: every gate is decided, so this sample is not run')))
}
