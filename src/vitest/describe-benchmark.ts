import { describe, test, type TestContext } from 'vitest'
import {
  callerLocation,
  recordedDefinitionOnly,
  resolveVariants,
  type Benchmark,
  type BenchmarkOptions,
  type BenchmarkOverrides,
  type ResolvedBenchmark,
  type Scorer,
} from '../benchmark/index.ts'
import { collectLoadingGarbage } from '../plugin/index.ts'
import { createBenchmarkRun, type SampleTest } from '../run/index.ts'
import { contentText, GATE_TAG, SAMPLE_TAG } from '../schema/index.ts'
import type { PlannedSample } from '../selection/index.ts'
import { redactKeys } from '../store/index.ts'
import { declareGateTests } from './gate-tests.ts'
import { registerMatchers } from './matchers.ts'
import {
  compactHeapsWanted,
  providedGateSettings,
  providedJudgeSettings,
  providedRecordingSettings,
  sampleAnnotationsWanted,
} from './provided-settings.ts'
import { forgetSuiteReport } from './suite-report.ts'
import { afterSuite, beforeSuite, isLastAttempt, skipWithReason, taskMeta } from './tasks.ts'
import { declareCompareGates, type SuiteDeclaration } from './variant-gate-tests.ts'
import { visibleError, visibleMessage, visibleName, withVisibleErrors } from './visible-text.ts'
import { withoutKeys } from './without-keys.ts'

const NAME_PREFIX = 48

/** `<id>: <the start of the input>`, or `<id>#<attempt>: ...` when samples are repeated. */
function testName(planned: PlannedSample): string {
  const { sample } = planned
  const text = typeof sample.input === 'string' ? sample.input : contentText(sample.input.at(-1)?.content ?? '')
  const line = text.replace(/\s+/g, ' ').trim()
  return visibleName(`${planned.key}: ${line.length > NAME_PREFIX ? `${line.slice(0, NAME_PREFIX)}…` : line}`)
}

// a Vitest test as the core runs a sample in it; a class, made for each sample, since V8 moves an object literal with a
// getter to the old generation with what it reaches (see ControllerCall in src/run/sample-run.ts)
class VitestSampleTest implements SampleTest {
  readonly meta: object
  readonly name: string
  readonly file: string
  readonly signal: AbortSignal
  readonly retrying: boolean
  readonly task: object

  constructor(private readonly context: TestContext) {
    const { task } = context
    this.meta = task.meta
    this.name = task.name
    this.file = task.file.filepath
    this.signal = context.signal
    this.retrying = (task.result?.retryCount ?? 0) > 0
    this.task = task
  }

  // each access builds an expect instance, so only scorers that use it pay for it
  get expect(): SampleTest['expect'] {
    return this.context.expect
  }

  async annotate(message: string, type: string): Promise<void> {
    await this.context.annotate(redactKeys(visibleMessage(message)), type)
  }

  isLastAttempt(error: unknown): boolean {
    return isLastAttempt(this.context, error)
  }

  skip(note: string): never {
    return this.context.skip(redactKeys(visibleMessage(note)))
  }

  skipWithReason(type: string, reason: string): Promise<never> {
    return skipWithReason(this.context, type, redactKeys(reason))
  }
}

function declareSuite(suite: SuiteDeclaration, declared: ResolvedBenchmark): void {
  registerMatchers()
  const gates = providedGateSettings()
  const run = createBenchmarkRun(declared, {
    judge: providedJudgeSettings(),
    recording: providedRecordingSettings(),
    gates,
    annotateSamples: sampleAnnotationsWanted(),
  })
  const { meta } = run
  // never shuffled: the gate tests come last, after the samples they evaluate
  suite(
    visibleName(run.name),
    { meta: taskMeta(meta), shuffle: false, ...(run.testTimeout ? { timeout: run.testTimeout } : {}) },
    withVisibleErrors(async () => {
      const prepared = await run.prepare()
      beforeSuite(async (suite) => {
        // before the first call, so that no reply waits through it
        if (suite.file && compactHeapsWanted()) await collectLoadingGarbage(suite.file)
        forgetSuiteReport(suite)
        const selected = (suite.tasks ?? []).filter((task) => task.type === 'test' && task.mode === 'run')
        prepared.begin(
          suite.file,
          selected.map((task) => task.meta),
        )
      })
      afterSuite((suite) => prepared.end(suite.meta))
      // a shard can be left without samples (fewer samples than shards); Vitest refuses a suite without tests
      if (prepared.emptyShard !== undefined) test.skip(prepared.emptyShard, () => undefined)
      // the plugin declares evalsuite's tags in the config; without it, an undeclared tag would be refused
      const tagged = gates !== undefined
      const sampleTags = tagged ? [SAMPLE_TAG] : []
      for (const { entry, meta: sampleMeta, mode } of prepared.tests) {
        const declare = mode === 'skip' ? test.skip : mode === 'only' ? test.only : test
        declare(testName(entry), { meta: taskMeta(sampleMeta), tags: sampleTags }, async (context) => {
          try {
            await withoutKeys(context.task.meta, () => prepared.runTest(new VitestSampleTest(context), entry))
          } catch (error) {
            throw visibleError(error)
          }
        })
      }
      // last in the suite, so that each gate evaluates every sample before it
      declareGateTests(meta, {
        only: prepared.gatesOnly,
        tags: tagged ? [GATE_TAG] : [],
        ...(run.aggregate ? { aggregate: run.aggregate } : {}),
      })
    }),
  )
}

/** Declares a benchmark, in either form. */
export interface DeclareBenchmark {
  /** A benchmark written inline: its data, prompt and scoring in `options`. */
  (name: string, options: BenchmarkOptions, scorer?: Scorer): void
  /** A benchmark from `defineBenchmark` (or a built-in), with how to run it and overrides of its defaults. */
  (benchmark: Benchmark, overrides: BenchmarkOverrides, scorer?: Scorer): void
}

/** `describeBenchmark` and its `.only` / `.skip` forms, which select whole benchmarks as Vitest's `describe.only` does. */
export interface DescribeBenchmark extends DeclareBenchmark {
  /** Runs only this benchmark in its file. */
  only: DeclareBenchmark
  /** Declares the benchmark without running it (and without calling the model). */
  skip: DeclareBenchmark
}

function declarer(suite: SuiteDeclaration): DeclareBenchmark {
  return (first: string | Benchmark, options: BenchmarkOptions | BenchmarkOverrides, scorer?: Scorer) => {
    if (recordedDefinitionOnly(first, options)) return
    const gates = providedGateSettings()
    const group = resolveVariants(first, options, scorer, callerLocation(), gates)
    for (const resolved of group.benchmarks) declareSuite(suite, resolved)
    declareCompareGates(suite, group, gates === undefined ? [] : [GATE_TAG])
  }
}

/**
 * Declares a benchmark: a Vitest suite with one test per sample (and attempt). Inference runs in the benchmark's own
 * pool; each test scores its sample with the scorer (or the default: the target, read with the benchmark's answer
 * extraction, as an option letter for multiple choice, and otherwise from the reply's last "ANSWER:" line, or the
 * whole reply, compared exactly).
 * @example
 * describeBenchmark('capitals', { dataset: datasets.jsonl('evals/data/capitals.jsonl'), model: models.openai({ model: 'gpt-4o-mini' }) })
 * describeBenchmark(gsm8k({ path: 'data/gsm8k/test.jsonl' }), { model: models.openai({ model: 'gpt-4o-mini' }), limit: 200 })
 */
export const describeBenchmark: DescribeBenchmark = Object.assign(declarer(describe), {
  only: declarer(describe.only),
  skip: declarer(describe.skip),
})
