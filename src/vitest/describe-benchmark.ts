import { describe, test, type TestContext } from 'vitest'
import {
  benchmarkMeta,
  callerLocation,
  checkFileClash,
  checkReferenceFree,
  markCircular,
  prepareSamples,
  recordedDefinitionOnly,
  resolveVariants,
  type Benchmark,
  type BenchmarkOptions,
  type BenchmarkOverrides,
  type ResolvedBenchmark,
  type Scorer,
} from '../benchmark/index.ts'
import type { EarlyStop } from '../early-stop/index.ts'
import { checkChoiceSamples, checkImageModel, prepareModel } from '../inference/index.ts'
import { createBenchmarkJudging } from '../judge/index.ts'
import {
  createInfer,
  createSampleRun,
  judgeAhead,
  prepareEarlyStop,
  runSample,
  type ErrorCount,
  type SampleTest,
} from '../sample-run/index.ts'
import { attemptKey, type PlannedSample } from '../selection/index.ts'
import { contentText, evalsuiteMetaOf, GATE_TAG, SAMPLE_TAG, sampleMetaOf, type SampleMeta } from '../schema/index.ts'
import { redactKeys } from '../store/index.ts'
import { declareGateTests } from './gate-tests.ts'
import { forgetSuiteReport } from './suite-report.ts'
import { visibleError, visibleMessage, visibleName, withVisibleErrors } from './visible-text.ts'
import { compactHeapsWanted, providedGateSettings, providedJudgeSettings, providedRecordingSettings, sampleAnnotationsWanted } from './provided-settings.ts'
import { afterSuite, beforeSuite, isLastAttempt, skipWithReason, taskMeta } from './tasks.ts'
import { registerMatchers } from './matchers.ts'
import { declareCompareGates, type SuiteDeclaration } from './variant-gate-tests.ts'
import { withoutKeys } from './without-keys.ts'
import { collectLoadingGarbage } from './worker-heap.ts'

const NAME_PREFIX = 48

/** `<id>: <the start of the input>`, or `<id>#<attempt>: ...` when samples are repeated. */
function testName(planned: PlannedSample): string {
  const { sample } = planned
  const text = typeof sample.input === 'string' ? sample.input : contentText(sample.input.at(-1)?.content ?? '')
  const line = text.replace(/\s+/g, ' ').trim()
  return visibleName(`${planned.key}: ${line.length > NAME_PREFIX ? `${line.slice(0, NAME_PREFIX)}…` : line}`)
}

// a Vitest test as the core runs a sample in it; a class, made for each sample, since V8 moves an object literal with a
// getter to the old generation with what it reaches (see ControllerCall in src/sample-run/sample-run.ts)
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

/** How many replies the pool may call ahead of the tests, for each call it (or the judge) runs at once. */
const AHEAD_PER_CALL = 4

function declareSuite(suite: SuiteDeclaration, declared: ResolvedBenchmark): void {
  registerMatchers()
  const { definition, run: options, selection } = declared
  const name = definition.name
  const judging = createBenchmarkJudging(name, options.judge, providedJudgeSettings())
  const meta = benchmarkMeta(declared, judging.measuredJudge)
  // never shuffled: the gate tests come last, after the samples they judge
  suite(visibleName(name), { meta: taskMeta(meta), shuffle: false, ...(options.testTimeout ? { timeout: options.testTimeout } : {}) }, withVisibleErrors(async () => {
    const { planned, messagesOf, attempts, circular } = await prepareSamples(declared)
    // circular evaluation knows its rotations only from the data: from here on they are the benchmark's repeats
    const resolved = attempts === selection.repeats ? declared : { ...declared, selection: { ...selection, repeats: attempts } }
    checkReferenceFree(resolved.where, planned.map((entry) => entry.sample), judging.judgesSamples && !judging.runsRule)
    if (options.inferMethod !== undefined && options.inferMethod !== 'generate') checkChoiceSamples(name, options.inferMethod, planned.map((entry) => entry.sample))
    if (options.model && !options.task) checkImageModel(name, options.model, planned.map((entry) => entry.sample))
    const recorded = options.model ? prepareModel(name, options.model, options, providedRecordingSettings()) : undefined
    const errors: ErrorCount = { maxErrors: options.maxErrors ?? 0, errored: 0 }
    const early: { current?: EarlyStop } = {}
    // before the early stop reads which metric the regression gate watches: circular evaluation can change it
    if (circular) markCircular(meta, attempts, options.regression?.metric === undefined)
    const startEarlyStop = await prepareEarlyStop(resolved, meta, providedGateSettings())
    const concurrency = options.concurrency ?? 8
    const run = createSampleRun(planned, createInfer(resolved, recorded?.model, messagesOf), {
      concurrency,
      stopAfterFailures: options.stopAfterFailures ?? 5,
      // enough replies ahead of the tests to keep the endpoint and the judge busy while a few tests are slow
      ahead: AHEAD_PER_CALL * Math.max(concurrency, judging.judgesSamples ? judging.concurrency : 0),
    })
    beforeSuite(async (suite) => {
      // before the first call, so that no reply waits through it
      if (suite.file && compactHeapsWanted()) await collectLoadingGarbage(suite.file)
      forgetSuiteReport(suite)
      errors.errored = 0
      if (suite.file) checkFileClash(resolved.where, name, suite.file)
      const selected = (suite.tasks ?? []).filter((task) => task.type === 'test' && task.mode === 'run')
      const samples = selected.flatMap((task) => {
        const sample = sampleMetaOf(task.meta)
        if (sample === undefined) return []
        return [{ key: attemptKey(sample.sampleId, sample.attempt ?? 0, attempts), sampleId: sample.sampleId, ...(sample.subset === undefined ? {} : { subset: sample.subset }) }]
      })
      const judgeEach = judging.judgesSamples && !resolved.scorer && suite.file ? judgeAhead(judging, resolved, suite.file.filepath) : undefined
      run.start(samples.map((sample) => sample.key), judgeEach)
      early.current = startEarlyStop?.(samples, run)
    })
    afterSuite((suite) => {
      recorded?.save()
      const own = evalsuiteMetaOf(suite.meta)
      const elapsed = run.elapsedMs()
      if (own?.kind === 'benchmark' && elapsed !== undefined) own.durationMs = elapsed
      if (own?.kind === 'benchmark' && own.maxCostUsd !== undefined) own.spentUsd = recorded?.spentUsd()
      if (own?.kind === 'benchmark' && early.current?.reason !== undefined) {
        own.earlyStop = early.current.reason
        own.earlyStopGates = early.current.gates
      }
    })
    // a shard can be left without samples (fewer samples than shards); Vitest refuses a suite without tests
    if (planned.length === 0) test.skip(`no samples in shard ${selection.shard?.index}/${selection.shard?.count}`, () => undefined)
    const only = options.only
    // when this shard holds none of the "only" samples, its others must not run as if nothing were selected
    const onlyElsewhere = only !== undefined && !planned.some((entry) => only.includes(entry.sample.id))
    const annotate = sampleAnnotationsWanted()
    // the plugin declares evalsuite's tags in the config; without it, an undeclared tag would be refused
    const tagged = providedGateSettings() !== undefined
    const sampleTags = tagged ? [SAMPLE_TAG] : []
    for (const entry of planned) {
      const { sample } = entry
      const sampleMeta: SampleMeta = {
        kind: 'sample',
        sampleId: sample.id,
        ...(attempts > 1 ? { attempt: entry.attempt } : {}),
        status: 'pending',
        ...(sample.subset ? { subset: sample.subset } : {}),
      }
      const declare = onlyElsewhere ? test.skip : only?.includes(sample.id) ? test.only : test
      declare(testName(entry), { meta: taskMeta(sampleMeta), tags: sampleTags }, async (context) => {
        try {
          await withoutKeys(context.task.meta, () => runSample(new VitestSampleTest(context), entry, run, resolved, judging, annotate, errors, early, recorded?.replaying ?? false))
        } catch (error) {
          throw visibleError(error)
        }
      })
    }
    // last in the suite, so that each gate judges every sample before it
    declareGateTests(meta, {
      only: only !== undefined && !onlyElsewhere,
      tags: tagged ? [GATE_TAG] : [],
      ...(options.aggregate ? { aggregate: options.aggregate } : {}),
    })
  }))
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

