import { appendFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { createMetricCatalog, type MetricCatalog } from '../metrics/index.ts'
import { escapeControlCharacters, type MetricDefinition, type Report, type VariantMatrix } from '../schema/index.ts'
import { redactKeys } from '../store/index.ts'
import {
  baselineAnswersOf,
  baselineFileOf,
  measuredById,
  readBaseline,
  sharedBaselineFiles,
  updateBaseline,
  writeBaseline,
  type LoadedBaseline,
} from '../baseline/index.ts'
import { type BenchmarkRecords, collectRuns, type FinishedModule, isPartial } from '../records/index.ts'
import { decideOutcome, type RunOutcome } from '../gates/index.ts'
import { githubAnnotations, renderMarkdown, renderReports, supportsColor, outcomeLines } from '../render/index.ts'
import { loadMergedAggregates, reportRun, scoresBySample, type ReportSettings } from '../report/index.ts'
import { renderVariantMatrices, variantAnnotations, variantMatrices, withVariantGates, writeVariantMatrices } from './variant-summary.ts'
import { reportFileNames, writeReport } from './write-report.ts'
import { errorMessage } from '../errors.ts'

/** Where the reports and baselines go, and the metrics the user added (set through the plugin). */
export interface FinishRunOptions {
  outputDir: string
  baselines: { dir: string }
  metricDefinitions: Record<string, MetricDefinition> | undefined
  /** The Vitest project of the eval files. */
  projectName: string
}

/** How a run ended, as the runner (src/plugin/reporter.ts) saw it. */
export interface RunEnd {
  root: string
  modules: readonly FinishedModule[]
  unhandledErrors: number
  reason: 'passed' | 'failed' | 'interrupted'
  /** How snapshots are updated: "all" with `-u`, "none" in CI, "new" otherwise. */
  updateMode: string
  /** The run merges blob reports (`--merge-reports`). */
  merging: boolean
  log(text: string): void
  /** The stream the log goes to: its width, and whether it takes colour. */
  output: unknown
}

const baselineFile = (run: BenchmarkRecords, root: string, options: FinishRunOptions): string =>
  baselineFileOf(run.meta.name, root, options.baselines.dir)

/**
 * The end of a run: the reports built, compared with their baselines (rewritten on `-u`), written and printed.
 * Returns whether the gates and the real errors passed the run.
 */
export async function finishRun(end: RunEnd, options: FinishRunOptions): Promise<boolean> {
  const { root, reason, unhandledErrors, updateMode } = end
  // the terminal's last guard: the records were masked where they were made
  const log = (text: string): void => end.log(redactKeys(text))
  const { runs, problems } = collectRuns(end.modules, root)
  if (runs.length === 0) return noBenchmarkRan(end, problems.failures, options)
  const catalog = createMetricCatalog(options.metricDefinitions)
  const createdAt = new Date().toISOString()
  // in CI without -u the update mode is "none", and a missing baseline fails there as a missing snapshot does
  const updating = updateMode === 'all' && reason !== 'interrupted'
  // a benchmark left out by -t, .skip or .only ran nothing: no gate to judge, and its last report stays as it was
  const ran = runs.filter((run) => run.samples.some((sample) => sample.status !== 'skipped' || sample.meta.notRun !== undefined))
  const shared = sharedBaselineFiles(
    ran,
    (run) => baselineFile(run, root, options),
    (file) => relative(root, file),
  )
  const baselines = await loadBaselines(ran, root, options, shared)
  await loadMergedAggregates(ran, end.modules, root)
  const settings: ReportSettings = {
    root,
    baselines: options.baselines,
    catalog,
    createdAt,
    updating,
    missingBaselineFails: updateMode === 'none',
  }
  const reports = ran.map((run) => reportRun(run, baselines.get(baselineFile(run, root, options))!, settings))
  const notRun = runs.filter((run) => !ran.includes(run)).map((run) => run.meta.name)
  const merging = end.merging
  if (reason === 'interrupted') for (const report of reports) report.passed = false
  if (merging) for (const report of reports) if (isPartial(report)) report.passed = false
  const dir = resolve(root, options.outputDir)
  const names = reportFileNames(reports)
  // a file that cannot be written (a folder in its way, a full disk) is a real error of the run, and every other
  // benchmark's files, table and verdict still come out
  const unwritten: string[] = []
  const failed = (file: string) => (error: unknown) =>
    void unwritten.push(`could not write ${relative(root, file)}: ${errorMessage(error)}`)
  const matrices = variantMatrices(ran, reports)
  await Promise.all([
    ...reports.map((report, index) => writeReport(dir, names[index]!, report).catch(failed(join(dir, names[index]!)))),
    writeVariantMatrices(dir, matrices).catch(failed(join(dir, 'variants'))),
  ])
  // a shard's samples are not the benchmark's: only a whole run (or a complete merge) writes a baseline
  const whole = ran.filter((run, index) => !isPartial(reports[index]!) && !shared.has(baselineFile(run, root, options)))
  const written = updating ? await writeBaselines(whole, baselines, root, options, failed) : []
  const verdict = withVariantGates(
    decideOutcome({ reason, unhandledErrors, failures: [...problems.failures, ...unwritten], reports, merging }),
    matrices,
  )

  const stream = end.output as { columns?: number }
  log(renderReports(reports, { color: supportsColor(stream), ...(stream.columns ? { width: stream.columns } : {}) }))
  if (matrices.length > 0) log(renderVariantMatrices(matrices, catalog))
  if (notRun.length > 0) log(`\n  not run (every sample filtered out or skipped): ${notRun.map(escapeControlCharacters).join(', ')}`)
  for (const file of written) log(`  baseline written: ${escapeControlCharacters(relative(root, file))}`)
  log(outcomeLines(verdict, reports, options.outputDir))
  await reportToGitHub(reports, verdict, log, matrices, catalog)
  return verdict.passed
}

/**
 * A run without a benchmark: when an eval file failed to load (a missing data file, a gate on a misspelt metric), the
 * verdict still says why, so that a run of that one file does not end in Vitest's output alone. A run of other tests
 * only says nothing.
 */
function noBenchmarkRan(end: RunEnd, failures: readonly string[], options: FinishRunOptions): boolean {
  if (failures.length === 0 || !end.modules.some((module) => module.project.name === options.projectName)) return true
  const verdict = decideOutcome({ reason: end.reason, unhandledErrors: end.unhandledErrors, failures, reports: [] })
  const reasons = verdict.reasons.map((line) => `   - ${line.split('\n').map(escapeControlCharacters).join('\n     ')}`)
  end.log(redactKeys(`\n evalsuite: FAIL, no benchmark ran\n${reasons.join('\n')}\n`))
  return false
}

async function loadBaselines(
  runs: readonly BenchmarkRecords[],
  root: string,
  options: FinishRunOptions,
  shared: ReadonlyMap<string, string>,
): Promise<Map<string, LoadedBaseline>> {
  const loaded = new Map<string, LoadedBaseline>()
  for (const run of runs) {
    const file = baselineFile(run, root, options)
    if (loaded.has(file)) continue
    const clash = shared.get(file)
    if (clash !== undefined) {
      loaded.set(file, { baseline: null, problem: clash })
      continue
    }
    loaded.set(file, await readBaseline(file, root))
  }
  return loaded
}

// one file per benchmark, holding every model's scores; models that did not run keep theirs
async function writeBaselines(
  runs: readonly BenchmarkRecords[],
  baselines: ReadonlyMap<string, LoadedBaseline>,
  root: string,
  options: FinishRunOptions,
  failed: (file: string) => (error: unknown) => void,
): Promise<string[]> {
  const byFile = new Map<string, BenchmarkRecords[]>()
  for (const run of runs) {
    const file = baselineFile(run, root, options)
    byFile.set(file, [...(byFile.get(file) ?? []), run])
  }
  const written: string[] = []
  for (const [file, group] of byFile) {
    const updates = group.map((run) => ({
      model: run.meta.model,
      scores: scoresBySample(run.samples),
      judged: measuredById(run.samples),
      declared: new Set(run.samples.map((s) => s.meta.sampleId)),
      ...(run.meta.classification || run.meta.corpus ? { answers: baselineAnswersOf(run.samples) } : {}),
    }))
    try {
      await writeBaseline(file, updateBaseline(baselines.get(file)?.baseline ?? null, group[0]!.meta.name, updates))
      written.push(file)
    } catch (error) {
      failed(file)(error)
    }
  }
  return written
}

async function reportToGitHub(
  reports: readonly Report[],
  verdict: RunOutcome,
  log: (text: string) => void,
  matrices: readonly VariantMatrix[],
  catalog: MetricCatalog,
): Promise<void> {
  if (process.env.GITHUB_ACTIONS === 'true') for (const line of [...githubAnnotations(reports), ...variantAnnotations(matrices)]) log(line)
  const summary = process.env.GITHUB_STEP_SUMMARY
  if (summary)
    await appendFile(summary, redactKeys(`${renderMarkdown(reports, verdict)}\n${renderVariantMatrices(matrices, catalog, true)}`))
}
