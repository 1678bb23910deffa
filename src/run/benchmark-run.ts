import {
  benchmarkMeta,
  checkFileClash,
  checkReferenceFree,
  markCircular,
  prepareSamples,
  type FileTask,
  type ResolvedBenchmark,
} from '../benchmark/index.ts'
import { createBenchmarkJudging } from '../judge/index.ts'
import {
  evalsuiteMetaOf,
  sampleMetaOf,
  type BenchmarkMeta,
  type GateSettings,
  type ProvidedJudgeSettings,
  type RecordingSettings,
  type SampleMeta,
} from '../schema/index.ts'
import { attemptKey, type PlannedSample } from '../selection/index.ts'
import { prepareModel } from './benchmark-model.ts'
import { checkChoiceSamples } from './choice-inference.ts'
import { createInfer } from './create-infer.ts'
import type { EarlyStop } from './early-stop.ts'
import { checkImageModel } from './generate-for.ts'
import { prepareEarlyStop } from './prepare-early-stop.ts'
import { judgeAhead, runSample, type ErrorAllowance } from './run-sample.ts'
import { createSampleRun } from './sample-run.ts'
import type { SampleTest } from './sample-test.ts'

/** What the plugin hands a benchmark's run in the worker, read once for the benchmark. */
export interface RunSettings {
  judge: ProvidedJudgeSettings
  recording: RecordingSettings
  /** Absent without the plugin (a file run by plain Vitest): no gate settings, no evalsuite tags. */
  gates: GateSettings | undefined
  /** Whether each sample's test is annotated with its output (the plugin's `annotateSamples`). */
  annotateSamples: boolean
}

/** How the test of one planned sample is declared: run, run alone (`only`), or skipped. */
export type TestMode = 'run' | 'only' | 'skip'

/** One sample's test, as the run wants it declared. */
export interface PlannedTest {
  entry: PlannedSample
  meta: SampleMeta
  mode: TestMode
}

/** A benchmark's samples, prepared: the tests to declare, and the hooks and test body the declarations call. */
export interface PreparedRun {
  tests: readonly PlannedTest[]
  /** Why the suite has no samples (a shard left without any): Vitest refuses a suite without tests. */
  emptyShard?: string
  /** Whether the gate tests run alone too: the `only` samples are in this shard. */
  gatesOnly: boolean
  /** Before the first test: the selected tests' metas, and the file's task, checked for benchmarks of one file name. */
  begin(file: (FileTask & { readonly filepath: string }) | undefined, selected: readonly object[]): void
  /** After the last test: what the run leaves on the benchmark's record (its duration, its spending, why it stopped). */
  end(record: object): void
  /** One sample's test. */
  runTest(test: SampleTest, entry: PlannedSample): Promise<void>
}

/** A benchmark's run, before its samples are read. */
export interface BenchmarkRun {
  readonly name: string
  readonly meta: BenchmarkMeta
  readonly testTimeout: number | undefined
  readonly aggregate: ResolvedBenchmark['run']['aggregate']
  prepare(): Promise<PreparedRun>
}

/** How many replies the pool may call ahead of the tests, for each call it (or the judge) runs at once. */
const AHEAD_PER_CALL = 4
const DEFAULT_CONCURRENCY = 8
const DEFAULT_STOP_AFTER_FAILURES = 5

/**
 * The run policy of one benchmark, apart from Vitest: its defaults, how far inference runs ahead, the error allowance,
 * early stopping, the `only` samples across shards, and the checks of its samples. src/vitest/describe-benchmark.ts
 * maps it onto `describe`, `test` and the suite's hooks.
 */
export function createBenchmarkRun(declared: ResolvedBenchmark, settings: RunSettings): BenchmarkRun {
  const { definition, run: options, selection } = declared
  const name = definition.name
  const judging = createBenchmarkJudging(name, options.judge, settings.judge)
  const meta = benchmarkMeta(declared, judging.measuredJudge)
  return {
    name,
    meta,
    testTimeout: options.testTimeout,
    aggregate: options.aggregate,
    async prepare(): Promise<PreparedRun> {
      const { planned, messagesOf, attempts, circular } = await prepareSamples(declared)
      // circular evaluation knows its rotations only from the data: from here on they are the benchmark's repeats
      const resolved = attempts === selection.repeats ? declared : { ...declared, selection: { ...selection, repeats: attempts } }
      const samples = planned.map((entry) => entry.sample)
      checkReferenceFree(resolved.where, samples, judging.judgesSamples && !judging.runsRule)
      if (options.inferMethod !== undefined && options.inferMethod !== 'generate') checkChoiceSamples(name, options.inferMethod, samples)
      if (options.model && !options.task) checkImageModel(name, options.model, samples)
      const recorded = options.model ? prepareModel(name, options.model, options, settings.recording) : undefined
      const errors: ErrorAllowance = { maxErrors: options.maxErrors ?? 0, errored: 0 }
      const early: { current?: EarlyStop } = {}
      // before the early stop reads which metric the regression gate watches: circular evaluation can change it
      if (circular) markCircular(meta, attempts, options.regression?.metric === undefined)
      const startEarlyStop = await prepareEarlyStop(resolved, meta, settings.gates)
      const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
      const run = createSampleRun(planned, createInfer(resolved, recorded?.model, messagesOf, recorded?.toolRecordings), {
        concurrency,
        stopAfterFailures: options.stopAfterFailures ?? DEFAULT_STOP_AFTER_FAILURES,
        // enough replies ahead of the tests to keep the endpoint and the judge busy while a few tests are slow
        ahead: AHEAD_PER_CALL * Math.max(concurrency, judging.judgesSamples ? judging.concurrency : 0),
      })
      const only = options.only
      // when this shard holds none of the "only" samples, its others must not run as if nothing were selected
      const onlyElsewhere = only !== undefined && !planned.some((entry) => only.includes(entry.sample.id))
      const tests = planned.map((entry): PlannedTest => ({
        entry,
        meta: {
          kind: 'sample',
          sampleId: entry.sample.id,
          ...(attempts > 1 ? { attempt: entry.attempt } : {}),
          status: 'pending',
          ...(entry.sample.subset ? { subset: entry.sample.subset } : {}),
        },
        mode: onlyElsewhere ? 'skip' : only?.includes(entry.sample.id) ? 'only' : 'run',
      }))
      const replaying = recorded?.replaying ?? false
      return {
        tests,
        ...(planned.length === 0 ? { emptyShard: `no samples in shard ${selection.shard?.index}/${selection.shard?.count}` } : {}),
        gatesOnly: only !== undefined && !onlyElsewhere,
        begin(file, selected) {
          errors.errored = 0
          if (file !== undefined) checkFileClash(resolved.where, name, file)
          const chosen = selected.flatMap((taskMeta) => {
            const sample = sampleMetaOf(taskMeta)
            if (sample === undefined) return []
            return [
              {
                key: attemptKey(sample.sampleId, sample.attempt ?? 0, attempts),
                sampleId: sample.sampleId,
                ...(sample.subset === undefined ? {} : { subset: sample.subset }),
              },
            ]
          })
          const judgeEach =
            judging.judgesSamples && !resolved.scorer && file !== undefined ? judgeAhead(judging, resolved, file.filepath) : undefined
          run.start(
            chosen.map((sample) => sample.key),
            judgeEach,
          )
          early.current = startEarlyStop?.(chosen, run)
        },
        end(record) {
          recorded?.save()
          const own = evalsuiteMetaOf(record)
          if (own?.kind !== 'benchmark') return
          const elapsed = run.elapsedMs()
          if (elapsed !== undefined) own.durationMs = elapsed
          if (own.maxCost !== undefined) own.spentUsd = recorded?.spentUsd()
          if (early.current?.reason !== undefined) {
            own.earlyStop = { reason: early.current.reason, gates: early.current.gates ?? [] }
          }
        },
        runTest: (test, entry) =>
          runSample(test, entry, { run, resolved, judging, annotate: settings.annotateSamples, errors, early, replaying }),
      }
    },
  }
}
