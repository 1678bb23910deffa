import { join, relative, resolve } from 'node:path'
import { createMetricCatalog, type CorpusAggregate, type MetricCatalog } from '../metrics/index.ts'
import { fileSlug, type Baseline, type BenchmarkMeta, type EarlyStopOptions, type MetricDefinition, type Report } from '../schema/index.ts'
import { loadBaseline } from './baseline-file.ts'
import { buildReport, type ReportContext } from './build-report.ts'
import { checkedAggregate } from './checked-aggregate.ts'
import { newRun, type BenchmarkRun, type SampleOutcome } from './collect-runs.ts'
import { corpusFigures } from './corpus-figures.ts'
import { errorMessage } from '../errors.ts'

/** A benchmark's baseline file as read: its content (null when there is none), or why it could not be used. */
export interface LoadedBaseline {
  baseline: Baseline | null
  problem?: string
}

/** What judging a run takes besides the run: where the project and its baselines are, and Vitest's `-u` state. */
export interface JudgeSettings {
  root: string
  baselineDir: string
  catalog: MetricCatalog
  createdAt: string
  /** `vitest run -u`: the baseline is being rewritten from this run. */
  updating: boolean
  /** A regression gate without a baseline fails (CI, where Vitest's snapshot update mode is "none"). */
  missingBaselineFails: boolean
  sampleRows?: ReportContext['sampleRows']
}

/** A benchmark's baseline file, absolute. */
export function baselineFileOf(name: string, root: string, baselineDir: string): string {
  return join(resolve(root, baselineDir), `${fileSlug(name)}.json`)
}

/** Reads a baseline file; a file that does not parse is kept as its problem, which the report shows and fails on. */
export async function readBaseline(file: string, root: string): Promise<LoadedBaseline> {
  try {
    return { baseline: await loadBaseline(file, relative(root, file)) }
  } catch (error) {
    return { baseline: null, problem: errorMessage(error) }
  }
}

/**
 * One benchmark's report, its gates judged: the one function both the reporter and a benchmark's gate tests call,
 * so that the verdict Vitest shows and the one evalsuite prints cannot disagree.
 */
export function reportRun(run: BenchmarkRun, loaded: LoadedBaseline, settings: JudgeSettings): Report {
  const file = baselineFileOf(run.meta.name, settings.root, settings.baselineDir)
  const baseline = { file: relative(settings.root, file), entry: loaded.baseline?.models[run.meta.model], ...(loaded.problem ? { problem: loaded.problem } : {}) }
  return buildReport(run, {
    createdAt: settings.createdAt,
    catalog: settings.catalog,
    baseline,
    updating: settings.updating,
    missingBaselineFails: settings.missingBaselineFails,
    sampleRows: settings.sampleRows ?? 'all',
  })
}

/** What the plugin hands a benchmark's gate tests (under `GATES_KEY`): the reporter's own settings. */
export interface GateSettings {
  root: string
  baselineDir: string
  metrics?: Record<string, MetricDefinition>
  /** Vitest's snapshot update mode: "all" with `-u`, "none" in CI. */
  updateMode: string
  /** The plugin's `earlyStop`, for benchmarks that set none and may shuffle their samples. */
  earlyStop?: EarlyStopOptions
}

let cachedCatalog: { metrics: GateSettings['metrics']; catalog: MetricCatalog } | undefined

/**
 * A benchmark's report from its gate tests' side (in the worker, after its samples): built and judged exactly as
 * the reporter will build and judge it at the end of the run. The benchmark's own `aggregate` runs here, where the
 * function is: its figures are recorded on `meta.corpus`, the suite's record, which is how the reporter gets them.
 */
export async function judgeBenchmark(meta: BenchmarkMeta, file: string, samples: readonly SampleOutcome[], settings: GateSettings, aggregate?: CorpusAggregate): Promise<Report> {
  const cached = cachedCatalog !== undefined && cachedCatalog.metrics === settings.metrics ? cachedCatalog : { metrics: settings.metrics, catalog: createMetricCatalog(settings.metrics) }
  cachedCatalog = cached
  const loaded = await readBaseline(baselineFileOf(meta.name, settings.root, settings.baselineDir), settings.root)
  if (aggregate) meta.corpus = corpusFigures(samples, checkedAggregate(meta.name, aggregate), loaded.baseline?.models[meta.model], cached.catalog)
  const run = newRun(meta, file)
  run.samples.push(...samples)
  return reportRun(run, loaded, {
    root: settings.root,
    baselineDir: settings.baselineDir,
    catalog: cached.catalog,
    createdAt: new Date().toISOString(),
    updating: settings.updateMode === 'all',
    missingBaselineFails: settings.updateMode === 'none',
    sampleRows: 'errored',
  })
}
