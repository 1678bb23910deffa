import type { Reporter, TestCase, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import type { ReporterSettings } from './plugin-options.ts'
import { baselineUpdateMode } from './update-targets.ts'

type FinishRun = typeof import('../finish/index.ts')
type RecordReceiving = typeof import('../records/index.ts')

/**
 * Prints the metric tables after Vitest's summary, writes a JSON report per benchmark, compares each benchmark with
 * its committed baseline (rewriting it on `-u`), and prints the verdict: gates and real errors fail the run, wrong
 * answers do not. Vitest's exit code carries the same verdict through the benchmarks' gate tests; this reporter
 * raises it only for what no gate test could judge (a merged run of shards).
 */
export class EvalsuiteReporter implements Reporter {
  private vitest: Vitest | undefined
  private readonly options: ReporterSettings
  // --merge-reports hands onTestRunEnd one module per file, the last shard's; each shard's module ends here
  private readonly ended = new Set<TestModule>()
  // the report's modules (zod, the schemas, metrics and rendering) load once a worker has collected its tests, while
  // the main process waits for results: before, they would delay the worker's start, or its requests to import files
  private finishing: Promise<FinishRun> | undefined
  private receiving: Promise<RecordReceiving> | undefined
  // the texts the samples' records share, for the run (see receiveRecord)
  private readonly sharedStrings = new Map<string, string>()

  // the plugin's options as the plugin resolved them, defaults applied: the workers' settings come from the same object
  constructor(options: ReporterSettings) {
    this.options = {
      outputDir: options.outputDir,
      baselines: options.baselines,
      metricDefinitions: options.metricDefinitions,
      projectName: options.projectName,
    }
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  onTestRunStart(): void {
    this.ended.clear()
    this.sharedStrings.clear()
  }

  async onTestModuleCollected(): Promise<void> {
    await this.load()
  }

  // each record is held to the end of the run, when its memory peaks, and read then, when the report waits for it:
  // it is checked and made compact as it arrives
  async onTestCaseResult(test: TestCase): Promise<void> {
    const { receiveRecord } = await (this.receiving ??= import('../records/index.ts'))
    receiveRecord(test.meta(), this.sharedStrings)
  }

  onTestModuleEnd(module: TestModule): void {
    this.ended.add(module)
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>, reason: TestRunEndReason): Promise<void> {
    if (this.vitest === undefined) return
    const { finishRun } = await this.load()
    const vitest = this.vitest
    const passed = await finishRun(
      {
        root: vitest.config.root,
        modules: [...new Set([...modules, ...this.ended])],
        unhandledErrors: unhandledErrors.length,
        reason,
        // -u sets it to "all"; pressing "u" in watch mode changes the manager's options, not the config
        updateMode: baselineUpdateMode(vitest.snapshot.options.updateSnapshot),
        merging: Boolean(vitest.config.mergeReports),
        log: (text) => vitest.logger.log(text),
        output: vitest.logger.outputStream,
      },
      this.options,
    )
    // Vitest's exit code already carries the verdict: wrong answers end skipped, and each gate is a test that fails
    // with it. evalsuite only ever raises it, never lowers it (a coverage threshold or an unhandled error set it too):
    // for what no gate test could judge, the merged run of shards and a gate that -t filtered out
    if (!passed) process.exitCode = 1
  }

  private load(): Promise<FinishRun> {
    return (this.finishing ??= import('../finish/index.ts'))
  }
}
