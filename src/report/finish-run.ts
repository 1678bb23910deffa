import { appendFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import type { TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { createMetricCatalog, type MetricCatalog } from '../metrics/index.ts'
import { compiledSchema, ReportSchema, SampleMetaSchema, type MetricDefinition, type Report, type VariantMatrix } from '../schema/index.ts'
import { updateBaseline, writeBaseline } from './baseline-file.ts'
import { measuredById } from './baseline-judge.ts'
import { collectRuns, type BenchmarkRun } from './collect-runs.ts'
import { baselineAnswersOf } from './corpus-figures.ts'
import { escapeControlCharacters } from './escape-control-characters.ts'
import { decideVerdict, type RunVerdict } from './exit-code.ts'
import { githubAnnotations } from './github.ts'
import { loadMergedAggregates } from './merged-aggregate.ts'
import { scoresBySample } from './observations.ts'
import { renderMarkdown } from './render-markdown.ts'
import { renderReports } from './render-table.ts'
import { baselineFileOf, readBaseline, reportRun, type JudgeSettings, type LoadedBaseline } from './report-run.ts'
import { isPartial } from './shards.ts'
import { sharedBaselineFiles } from './shared-baselines.ts'
import { supportsColor } from './supports-color.ts'
import { renderVariantMatrices, variantAnnotations, variantMatrices, withVariantGates, writeVariantMatrices } from './variant-summary.ts'
import { verdictLines } from './verdict-line.ts'
import { reportFileNames, writeReport } from './write-report.ts'

/** Where the reports and baselines go, and the metrics the user added (set through the plugin). */
export interface FinishRunOptions {
  outputDir: string
  baselineDir: string
  metrics: Record<string, MetricDefinition> | undefined
  /** The Vitest project of the eval files. */
  projectName: string
}

/** Compiles the schemas every sample and report is parsed with, so that it is done while the tests run. */
export function warmUp(): void {
  compiledSchema(SampleMetaSchema)
  compiledSchema(ReportSchema)
}

const baselineFile = (run: BenchmarkRun, root: string, options: FinishRunOptions): string => baselineFileOf(run.meta.name, root, options.baselineDir)

/**
 * The end of a run: the reports built, compared with their baselines (rewritten on `-u`), written and printed, and
 * the exit code raised when the gates and the real errors fail a run that Vitest's own tests passed.
 */
export async function finishRun(vitest: Vitest, modules: readonly TestModule[], unhandledErrors: ReadonlyArray<unknown>, reason: TestRunEndReason, options: FinishRunOptions): Promise<void> {
  const root = vitest.config.root
  const { runs, problems } = collectRuns(modules, root)
  if (runs.length === 0) return noBenchmarkRan(vitest, modules, problems.failures, unhandledErrors, reason, options)
  const catalog = createMetricCatalog(options.metrics)
  const createdAt = new Date().toISOString()
  // -u sets Vitest's snapshot update mode to "all"; in CI without -u it is "none", and a missing baseline fails
  // there as a missing snapshot does. Pressing "u" in watch mode changes the manager's options, not the config.
  const updateMode = vitest.snapshot.options.updateSnapshot
  const updating = updateMode === 'all' && reason !== 'interrupted'
  // a benchmark left out by -t, .skip or .only ran nothing: no gate to judge, and its last report stays as it was
  const ran = runs.filter((run) => run.samples.some((sample) => sample.status !== 'skipped' || sample.meta.notRun !== undefined))
  const shared = sharedBaselineFiles(ran, (run) => baselineFile(run, root, options), (file) => relative(root, file))
  const baselines = await loadBaselines(ran, root, options, shared)
  await loadMergedAggregates(ran, modules, root)
  const settings: JudgeSettings = { root, baselineDir: options.baselineDir, catalog, createdAt, updating, missingBaselineFails: updateMode === 'none' }
  const reports = ran.map((run) => reportRun(run, baselines.get(baselineFile(run, root, options))!, settings))
  const notRun = runs.filter((run) => !ran.includes(run)).map((run) => run.meta.name)
  const merging = Boolean(vitest.config.mergeReports)
  if (reason === 'interrupted') for (const report of reports) report.passed = false
  if (merging) for (const report of reports) if (isPartial(report)) report.passed = false
  const dir = resolve(root, options.outputDir)
  const names = reportFileNames(reports)
  // a file that cannot be written (a folder in its way, a full disk) is a real error of the run, and every other
  // benchmark's files, table and verdict still come out
  const unwritten: string[] = []
  const failed = (file: string) => (error: unknown) => void unwritten.push(`could not write ${relative(root, file)}: ${error instanceof Error ? error.message : String(error)}`)
  const matrices = variantMatrices(ran, reports)
  await Promise.all([
    ...reports.map((report, index) => writeReport(dir, names[index]!, report).catch(failed(join(dir, names[index]!)))),
    writeVariantMatrices(dir, matrices).catch(failed(join(dir, 'variants'))),
  ])
  // a shard's samples are not the benchmark's: only a whole run (or a complete merge) writes a baseline
  const whole = ran.filter((run, index) => !isPartial(reports[index]!) && !shared.has(baselineFile(run, root, options)))
  const written = updating ? await writeBaselines(whole, baselines, root, options, failed) : []
  const verdict = withVariantGates(decideVerdict({ reason, unhandledErrors: unhandledErrors.length, failures: [...problems.failures, ...unwritten], reports, merging }), matrices)

  const log = (text: string): void => vitest.logger.log(text)
  const stream = vitest.logger.outputStream as { columns?: number }
  log(renderReports(reports, { color: supportsColor(stream), ...(stream.columns ? { width: stream.columns } : {}) }))
  if (matrices.length > 0) log(renderVariantMatrices(matrices, catalog))
  if (notRun.length > 0) log(`\n  not run (every sample filtered out or skipped): ${notRun.map(escapeControlCharacters).join(', ')}`)
  for (const file of written) log(`  baseline written: ${escapeControlCharacters(relative(root, file))}`)
  log(verdictLines(verdict, reports, options.outputDir))
  await reportToGitHub(reports, verdict, log, matrices, catalog)
  // Vitest's exit code already carries the verdict: wrong answers end skipped, and each gate is a test that fails
  // with it. evalsuite only ever raises it, never lowers it (a coverage threshold or an unhandled error set it too):
  // for what no gate test could judge, the merged run of shards and a gate that -t filtered out
  if (!verdict.passed) process.exitCode = 1
}

/**
 * A run without a benchmark: when an eval file failed to load (a missing data file, a gate on a misspelt metric), the
 * verdict still says why, so that a run of that one file does not end in Vitest's output alone. A run of other tests
 * only says nothing.
 */
function noBenchmarkRan(vitest: Vitest, modules: readonly TestModule[], failures: readonly string[], unhandledErrors: ReadonlyArray<unknown>, reason: TestRunEndReason, options: FinishRunOptions): void {
  if (failures.length === 0 || !modules.some((module) => module.project.name === options.projectName)) return
  const verdict = decideVerdict({ reason, unhandledErrors: unhandledErrors.length, failures, reports: [] })
  const reasons = verdict.reasons.map((line) => `   - ${line.split('\n').map(escapeControlCharacters).join('\n     ')}`)
  vitest.logger.log(`\n evalsuite: FAIL, no benchmark ran\n${reasons.join('\n')}\n`)
  process.exitCode = 1
}

async function loadBaselines(runs: readonly BenchmarkRun[], root: string, options: FinishRunOptions, shared: ReadonlyMap<string, string>): Promise<Map<string, LoadedBaseline>> {
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
  runs: readonly BenchmarkRun[],
  baselines: ReadonlyMap<string, LoadedBaseline>,
  root: string,
  options: FinishRunOptions,
  failed: (file: string) => (error: unknown) => void,
): Promise<string[]> {
  const byFile = new Map<string, BenchmarkRun[]>()
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

async function reportToGitHub(reports: readonly Report[], verdict: RunVerdict, log: (text: string) => void, matrices: readonly VariantMatrix[], catalog: MetricCatalog): Promise<void> {
  if (process.env.GITHUB_ACTIONS === 'true') for (const line of [...githubAnnotations(reports), ...variantAnnotations(matrices)]) log(line)
  const summary = process.env.GITHUB_STEP_SUMMARY
  if (summary) await appendFile(summary, `${renderMarkdown(reports, verdict)}\n${renderVariantMatrices(matrices, catalog, true)}`)
}
