import { relative } from 'node:path'
import { baselineFileOf, corpusFigures, readBaseline, type LoadedBaseline } from '../baseline/index.ts'
import { createMetricCatalog, type CorpusAggregate, type MetricCatalog } from '../metrics/index.ts'
import { newRun, type BenchmarkRecords, type SampleOutcome } from '../records/index.ts'
import type { BenchmarkMeta, GateSettings, Report } from '../schema/index.ts'
import { buildReport, type ReportContext } from './build-report.ts'
import { checkedAggregate } from './checked-aggregate.ts'

/** What building a run's report takes besides the run: where the project and its baselines are, and Vitest's `-u` state. */
export interface ReportSettings {
  root: string
  /** The plugin's `baselines`. */
  baselines: { dir: string }
  catalog: MetricCatalog
  createdAt: string
  /** `vitest run -u`: the baseline is being rewritten from this run. */
  updating: boolean
  /** A regression gate without a baseline fails (CI, where Vitest's snapshot update mode is "none"). */
  missingBaselineFails: boolean
  sampleRows?: ReportContext['sampleRows']
}

/**
 * One benchmark's report, its gates evaluated: the one function both the reporter and a benchmark's gate tests call,
 * so that the verdict Vitest shows and the one evalsuite prints cannot disagree.
 */
export function reportRun(run: BenchmarkRecords, loaded: LoadedBaseline, settings: ReportSettings): Report {
  const file = baselineFileOf(run.meta.name, settings.root, settings.baselines.dir)
  const baseline = {
    file: relative(settings.root, file),
    entry: loaded.baseline?.models[run.meta.model],
    ...(loaded.problem ? { problem: loaded.problem } : {}),
  }
  return buildReport(run, {
    createdAt: settings.createdAt,
    catalog: settings.catalog,
    baseline,
    updating: settings.updating,
    missingBaselineFails: settings.missingBaselineFails,
    sampleRows: settings.sampleRows ?? 'all',
  })
}

let cachedCatalog: { metricDefinitions: GateSettings['metricDefinitions']; catalog: MetricCatalog } | undefined

/**
 * A benchmark's report from its gate tests' side (in the worker, after its samples): built and evaluated exactly as
 * the reporter will build and evaluate it at the end of the run. The benchmark's own `aggregate` runs here, where the
 * function is: its figures are recorded on `meta.corpus`, the suite's record, which is how the reporter gets them.
 */
export async function evaluateBenchmark(
  meta: BenchmarkMeta,
  file: string,
  samples: readonly SampleOutcome[],
  settings: GateSettings,
  aggregate?: CorpusAggregate,
): Promise<Report> {
  const cached =
    cachedCatalog !== undefined && cachedCatalog.metricDefinitions === settings.metricDefinitions
      ? cachedCatalog
      : { metricDefinitions: settings.metricDefinitions, catalog: createMetricCatalog(settings.metricDefinitions) }
  cachedCatalog = cached
  const loaded = await readBaseline(baselineFileOf(meta.name, settings.root, settings.baselines.dir), settings.root)
  if (aggregate)
    meta.corpus = corpusFigures(samples, checkedAggregate(meta.name, aggregate), loaded.baseline?.models[meta.model], cached.catalog)
  const run = newRun(meta, file)
  run.samples.push(...samples)
  return reportRun(run, loaded, {
    root: settings.root,
    baselines: settings.baselines,
    catalog: cached.catalog,
    createdAt: new Date().toISOString(),
    updating: settings.updateMode === 'all',
    missingBaselineFails: settings.updateMode === 'none',
    sampleRows: 'errored',
  })
}
