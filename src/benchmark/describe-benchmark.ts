import { describe, test, type TestContext } from 'vitest'
import { JudgeError, ModelError } from '../errors.ts'
import { registerJudgeMatcher } from '../judge/index.ts'
import { redactSecrets, type Model, type ModelOutput } from '../model/index.ts'
import { contentText, cutText, evalsuiteMetaOf, GATE_TAG, isWrongAnswer, SAMPLE_TAG, sampleMetaOf, type Check, type MediaMessage, type Sample, type SampleMeta } from '../schema/index.ts'
import { checkAnswer, registerMatchers } from '../scoring/index.ts'
import { parseTaskResult, type BenchmarkOptions, type BenchmarkOverrides, type Scorer } from './benchmark-options.ts'
import { createBenchmarkJudging, ruleOutcome, scoreByPolicy, type BenchmarkJudging, type RuleOutcome } from './benchmark-judge.ts'
import { benchmarkMeta } from './benchmark-meta.ts'
import { prepareModel } from './benchmark-model.ts'
import { BudgetExhausted } from './budget.ts'
import { callerLocation } from './caller-location.ts'
import { checkImageModel, generateFor } from './generate-for.ts'
import { checkChoiceSamples, inferChoice } from './choice-inference.ts'
import { inputText } from './input-text.ts'
import type { Benchmark } from './define-benchmark.ts'
import type { EarlyStop } from './early-stop.ts'
import { checkFileClash } from './file-clash.ts'
import { providedGateSettings } from './gate-settings.ts'
import { declareGateTests } from './gate-tests.ts'
import { declareCompareGates, type SuiteDeclaration } from './variant-gate-tests.ts'
import { attemptKey, type PlannedSample } from './pipeline.ts'
import { prepareEarlyStop } from './prepare-early-stop.ts'
import { prepareSamples } from './prepare-samples.ts'
import { checkReferenceFree, withReference } from './reference-free.ts'
import { recordSampleCommand } from './rerun-command.ts'
import type { ResolvedBenchmark } from './resolve-benchmark.ts'
import { resolveVariants } from './resolve-variants.ts'
import { annotateSample, sampleAnnotationsWanted } from './sample-annotations.ts'
import { turnIfDue } from './event-loop-turn.ts'
import { createSampleRun, withAttempt, type Infer } from './sample-run.ts'
import { toScores } from './score-sample.ts'
import { afterSuite, beforeSuite, isLastAttempt, skipWithReason, taskMeta } from './vitest-compat.ts'

const NAME_PREFIX = 48
/** The annotation types of a sample that ended skipped: a wrong answer, an error within `maxErrors`. */
const WRONG_ANNOTATION = 'evalsuite:wrong'
const ERROR_ANNOTATION = 'evalsuite:error'

/** `<id>: <the start of the input>`, or `<id>#<attempt>: ...` when samples are repeated. */
function testName(planned: PlannedSample): string {
  const { sample } = planned
  const text = typeof sample.input === 'string' ? sample.input : contentText(sample.input.at(-1)?.content ?? '')
  const line = text.replace(/\s+/g, ' ').trim()
  return `${planned.key}: ${line.length > NAME_PREFIX ? `${line.slice(0, NAME_PREFIX)}…` : line}`
}

function createInfer(resolved: ResolvedBenchmark, model: Model | undefined, messagesOf: (sample: Sample) => MediaMessage[]): Infer {
  const { task } = resolved.run
  const name = resolved.definition.name
  if (task) {
    return async ({ sample, attempt }, call) => {
      const started = performance.now()
      const result = parseTaskResult(name, sample, await task(sample, withAttempt(call, attempt)))
      const latencyMs = performance.now() - started
      return typeof result === 'string' ? { text: result, latencyMs } : { ...result, latencyMs }
    }
  }
  const method = resolved.run.inferMethod ?? 'generate'
  if (method !== 'generate') {
    const prompt = { prompt: resolved.definition.prompt, system: resolved.run.system }
    return ({ sample }, call) => inferChoice(name, model!, method, sample, prompt, call)
  }
  // the attempt is passed (and keys recordings) only when samples repeat, so recordings made without repeats stay valid
  const repeated = resolved.selection.repeats > 1
  return ({ sample, attempt }, call) => generateFor(model!, messagesOf(sample), repeated ? withAttempt(call, attempt) : call)
}

/**
 * Without a scorer callback: the target, read as an option letter when the sample has choices, and otherwise from the
 * reply's last "ANSWER:" line, or the whole reply when it has none, compared exactly.
 */
function checkByDefault(sample: Sample, output: string, answer: Benchmark['answer']): Check {
  const options = answer ?? (sample.choices ? { kind: 'choice' as const } : { kind: 'exact' as const, marker: 'ANSWER:' })
  const withChoices = options.kind === 'choice' && !options.choices && sample.choices ? { ...options, choices: sample.choices } : options
  return checkAnswer(output, withReference(sample).target, withChoices, 'default scorer')
}

function wrongAnswerNote(meta: SampleMeta): string {
  const judged = meta.judge?.filter((record) => record.pass === false).at(-1)
  if (judged !== undefined) return `${judged.status === 'skipped' ? 'a rule' : `the judge "${judged.name}"`} failed the output (see its annotation)`
  const failed = meta.checks?.find((check) => !check.pass)
  if (failed === undefined) return 'the scorer returned a failing verdict'
  const extracted = failed.extracted === null ? 'nothing' : JSON.stringify(failed.extracted)
  const from = failed.passage === null ? '' : ` from ${JSON.stringify(failed.passage)}`
  const hint = failed.hint ? `; ${failed.hint.answer} would score it right: ${failed.hint.explanation}` : ''
  return `${failed.explanation}: target ${JSON.stringify(failed.target)}, extracted ${extracted}${from}${hint}`
}

// kept in the report and shown in the summary: credentials a task or endpoint quoted in its error are masked
function errorText(error: unknown): string {
  return redactSecrets(error instanceof Error ? `${error.name}: ${error.message}` : String(error), [])
}


function declareSuite(suite: SuiteDeclaration, resolved: ResolvedBenchmark): void {
  registerMatchers()
  registerJudgeMatcher()
  const { definition, run: options, selection } = resolved
  const name = definition.name
  const judging = createBenchmarkJudging(name, options.judge)
  const meta = benchmarkMeta(resolved, judging.measuredJudge)
  // never shuffled: the gate tests come last, after the samples they judge
  suite(name, { meta: taskMeta(meta), shuffle: false, ...(options.testTimeout ? { timeout: options.testTimeout } : {}) }, async () => {
    const { planned, messagesOf } = await prepareSamples(resolved)
    checkReferenceFree(resolved.where, planned.map((entry) => entry.sample), judging.judgesSamples && !judging.runsRule)
    if (options.inferMethod !== undefined && options.inferMethod !== 'generate') checkChoiceSamples(name, options.inferMethod, planned.map((entry) => entry.sample))
    if (options.model && !options.task) checkImageModel(name, options.model, planned.map((entry) => entry.sample))
    const recorded = options.model ? prepareModel(name, options.model, options) : undefined
    const errors: ErrorCount = { maxErrors: options.maxErrors ?? 0, errored: 0 }
    const early: { current?: EarlyStop } = {}
    const startEarlyStop = await prepareEarlyStop(resolved, meta.model)
    const run = createSampleRun(planned, createInfer(resolved, recorded?.model, messagesOf), {
      concurrency: options.concurrency ?? 8,
      stopAfterFailures: options.stopAfterFailures ?? 5,
    })
    beforeSuite((suite) => {
      errors.errored = 0
      if (suite.file) checkFileClash(resolved.where, name, suite.file)
      const selected = (suite.tasks ?? []).filter((task) => task.type === 'test' && task.mode === 'run')
      const samples = selected.flatMap((task) => {
        const sample = sampleMetaOf(task.meta)
        if (sample === undefined) return []
        return [{ key: attemptKey(sample.sampleId, sample.attempt ?? 0, selection.repeats), sampleId: sample.sampleId, ...(sample.subset === undefined ? {} : { subset: sample.subset }) }]
      })
      const keys = samples.map((sample) => sample.key)
      run.start(keys)
      early.current = startEarlyStop?.(samples, run)
      if (judging.judgesSamples && !resolved.scorer && suite.file) judgeAhead(judging, planned, keys, run, resolved, suite.file.filepath)
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
        ...(selection.repeats > 1 ? { attempt: entry.attempt } : {}),
        status: 'pending',
        ...(sample.subset ? { subset: sample.subset } : {}),
      }
      const declare = onlyElsewhere ? test.skip : only?.includes(sample.id) ? test.only : test
      declare(testName(entry), { meta: taskMeta(sampleMeta), tags: sampleTags }, (context) => runSample(context, entry, run, resolved, judging, annotate, errors, early, recorded?.replaying ?? false))
    }
    // last in the suite, so that each gate judges every sample before it
    declareGateTests(meta, { only: only !== undefined && !onlyElsewhere, tags: tagged ? [GATE_TAG] : [], ...(options.aggregate ? { aggregate: options.aggregate } : {}) })
  })
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
    const group = resolveVariants(first, options, scorer, callerLocation())
    for (const resolved of group.benchmarks) declareSuite(suite, resolved)
    declareCompareGates(suite, group, providedGateSettings() === undefined ? [] : [GATE_TAG])
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

// the default rule is a pure function of the output, so the judge can start on a sample as soon as its output
// arrives, keeping the judge busy however Vitest schedules the tests that await the verdicts
function judgeAhead(judging: BenchmarkJudging, planned: readonly PlannedSample[], keys: readonly string[], run: ReturnType<typeof createSampleRun>, resolved: ResolvedBenchmark, file: string): void {
  const byKey = new Map(planned.map((entry) => [entry.key, entry]))
  const repeated = resolved.selection.repeats > 1
  for (const key of keys) {
    const { sample, attempt } = byKey.get(key)!
    run.output(key).then(
      (output) => {
        const check = judging.runsRule ? checkByDefault(sample, output.text, resolved.definition.answer) : undefined
        const rule = check ? ruleOutcome(toScores([check], undefined), [check]) : undefined
        if (judging.needsJudge(rule)) void judging.judge(sample, repeated ? attempt : undefined, output, file)
      },
      () => undefined,
    )
  }
}

async function scoreByScorer(context: TestContext, sample: Sample, output: ModelOutput, meta: SampleMeta, scorer: Scorer, judging: BenchmarkJudging): Promise<RuleOutcome> {
  const scorerContext = {
    sample: withReference(sample),
    output: output.text,
    modelOutput: output,
    // each access builds an expect instance, so only scorers that use it pay for it
    get expect() {
      return context.expect
    },
  }
  const returned = await judging.withScope(context.task, context.task.file.filepath, sample, meta.attempt, context.signal, async () => scorer(scorerContext))
  return ruleOutcome(toScores(meta.checks, returned, meta.judge), meta.checks)
}

function scoreByDefault(sample: Sample, output: ModelOutput, meta: SampleMeta, resolved: ResolvedBenchmark): RuleOutcome {
  meta.checks = [checkByDefault(sample, output.text, resolved.definition.answer)]
  return ruleOutcome(toScores(meta.checks, undefined), meta.checks)
}

async function runSample(
  context: TestContext,
  entry: PlannedSample,
  run: ReturnType<typeof createSampleRun>,
  resolved: ResolvedBenchmark,
  judging: BenchmarkJudging,
  annotate: boolean,
  errors: ErrorCount,
  early: { current?: EarlyStop },
  replaying: boolean,
): Promise<void> {
  const { sample, key } = entry
  const scorer = resolved.scorer
  const meta = sampleMetaOf(context.task.meta)
  if (meta === undefined) throw new Error(`evalsuite: test "${context.task.name}" lost its sample record`)
  meta.checks = undefined
  meta.judge = undefined
  // kept in the report, so a wrong sample can be read without the data file
  meta.input = cutText(inputText(sample))
  if (sample.target !== undefined) meta.target = typeof sample.target === 'string' ? cutText(sample.target) : sample.target.map((target) => cutText(target))
  if (early.current?.reason !== undefined) skipDecided(context, meta, early.current.reason)
  let output: ModelOutput
  // a timed-out or cancelled test gives up its calls, so a hung request cannot hold a place in the pool (the inference
  // pool listens for its own)
  if (judging.judgesSamples) context.signal.addEventListener('abort', () => judging.abort(sample.id, meta.attempt, context.signal.reason), { once: true })
  try {
    output = await run.output(key, (context.task.result?.retryCount ?? 0) > 0, context.signal)
    run.forget(key)
  } catch (error) {
    // a call given up once every gate was decided, while its (concurrent) test awaited it
    if (early.current?.reason !== undefined) skipDecided(context, meta, early.current.reason)
    // a sample the budget left out is not run: neither wrong nor errored, and reported as such
    if (error instanceof BudgetExhausted) {
      meta.notRun = 'budget'
      context.skip(error.message)
    }
    // in replay mode no call is made, so a failed one is a sample to record: the model layer does not know which
    const failed = replaying && error instanceof ModelError
      ? new ModelError(`${error.message}\nRecord this sample: ${recordSampleCommand(context.task.file.filepath, resolved.definition.name, key)}`, { cause: error })
      : error
    meta.status = 'errored'
    meta.error = errorText(failed)
    if (isLastAttempt(context, failed)) early.current?.record(key, undefined)
    return endErrored(context, meta, failed, errors)
  }
  const turn = turnIfDue()
  if (turn) await turn
  meta.output = cutText(output.text)
  meta.latencyMs = output.latencyMs
  if (output.replayed) meta.replayed = true
  if (output.usage) meta.usage = output.usage
  if (output.costUsd !== undefined) meta.costUsd = output.costUsd
  if (output.ttftMs !== undefined) meta.ttftMs = output.ttftMs
  if (output.choiceLogprobs) meta.choiceLogprobs = output.choiceLogprobs
  let scores: Record<string, number>
  let judgingNow = false
  try {
    const rule = !judging.runsRule ? undefined : scorer ? await scoreByScorer(context, sample, output, meta, scorer, judging) : scoreByDefault(sample, output, meta, resolved)
    judgingNow = true
    if (judging.judgesSamples) {
      const at = { meta, file: context.task.file.filepath, signal: context.signal, annotate: (message: string, type: string) => context.annotate(message, type) }
      scores = await scoreByPolicy(judging, sample, output, rule, at)
    } else scores = rule!.scores
  } catch (error) {
    meta.status = 'errored'
    // a judge that failed or gave no verdict errs the sample in its own words, even when the scorer asked it
    meta.error = judgingNow || error instanceof JudgeError ? errorText(error) : `the scorer threw: ${errorText(error)}`
    if (isLastAttempt(context, error)) early.current?.record(key, undefined)
    return endErrored(context, meta, error, errors)
  }
  meta.scores = scores
  meta.status = 'scored'
  early.current?.record(key, scores)
  if (annotate) await annotateSample(context, sample, meta)
  // a wrong answer is data: the test ends skipped, with the reason, and only the benchmark's gates can fail the run
  if (isWrongAnswer(scores)) await skipWithReason(context, WRONG_ANNOTATION, `wrong answer: ${wrongAnswerNote(meta)}`)
}

// the samples left once every gate is decided: not run, so neither wrong nor errored
function skipDecided(context: TestContext, meta: SampleMeta, reason: string): never {
  meta.notRun = 'early-stop'
  return context.skip(reason)
}

/** The errored samples of one benchmark run so far, against its budget. */
interface ErrorCount {
  readonly maxErrors: number
  errored: number
}

/**
 * An errored sample fails its test while Vitest has a retry left, and when it is past the benchmark's `maxErrors`;
 * within the budget it ends skipped with its error, so that the run fails exactly when evalsuite's error budget does.
 */
async function endErrored(context: TestContext, meta: SampleMeta, error: unknown, errors: ErrorCount): Promise<never> {
  if (!isLastAttempt(context, error)) throw error
  errors.errored += 1
  if (errors.errored > errors.maxErrors) throw error
  return skipWithReason(context, ERROR_ANNOTATION, `errored, within maxErrors ${errors.maxErrors}: ${meta.error}`)
}
