import { describe, test, type TestContext, type TestOptions } from 'vitest'
import { loadSamples } from '../dataset/index.ts'
import { registerJudgeMatcher } from '../judge/index.ts'
import { redactSecrets, type Model, type ModelOutput } from '../model/index.ts'
import { evalsuiteMetaOf, isWrongAnswer, RegressionSchema, sampleMetaOf, type BenchmarkMeta, type Check, type Sample, type SampleMeta } from '../schema/index.ts'
import { checkAnswer, registerMatchers } from '../scoring/index.ts'
import { parseTaskResult, validateOptions, type BenchmarkOptions, type DescribeBenchmark, type Scorer } from './benchmark-options.ts'
import { createBenchmarkJudging, ruleOutcome, scoreByPolicy, type BenchmarkJudging, type RuleOutcome } from './benchmark-judge.ts'
import { ConfigError, JudgeError } from '../errors.ts'
import { buildMessages } from './prompt.ts'
import { prepareModel } from './benchmark-model.ts'
import { BudgetExhausted } from './budget.ts'
import { checkChoiceSamples, inferChoice } from './choice-inference.ts'
import { annotateSample, sampleAnnotationsWanted } from './sample-annotations.ts'
import { createSampleRun, type Infer } from './sample-run.ts'
import { toScores } from './score-sample.ts'
import { afterSuite, beforeSuite, markTestFailed, taskMeta } from './vitest-compat.ts'

const NAME_PREFIX = 48
const OUTPUT_KEPT = 4000

function testName(sample: Sample): string {
  const text = typeof sample.input === 'string' ? sample.input : (sample.input.at(-1)?.content ?? '')
  const line = text.replace(/\s+/g, ' ').trim()
  return `${sample.id}: ${line.length > NAME_PREFIX ? `${line.slice(0, NAME_PREFIX)}…` : line}`
}

function createInfer(name: string, options: BenchmarkOptions, model: Model | undefined): Infer {
  const { task } = options
  if (task) {
    return async (sample, signal) => {
      const started = performance.now()
      const result = parseTaskResult(name, sample, await task(sample, { signal }))
      const latencyMs = performance.now() - started
      return typeof result === 'string' ? { text: result, latencyMs } : { ...result, latencyMs }
    }
  }
  const method = options.inferMethod ?? 'generate'
  if (method !== 'generate') return (sample, signal) => inferChoice(name, model!, method, sample, options, signal)
  return (sample, signal) => model!.generate(buildMessages(sample, options.prompt, name, options.system), { signal })
}

/** Without a scorer callback: the target, read as an option letter when the sample has choices. */
function checkByDefault(sample: Sample, output: string, answer: BenchmarkOptions['answer']): Check {
  const options = answer ?? (sample.choices ? { kind: 'choice' as const } : { kind: 'exact' as const })
  const withChoices = options.kind === 'choice' && !options.choices && sample.choices ? { ...options, choices: sample.choices } : options
  return checkAnswer(output, sample.target, withChoices, 'default scorer')
}

function wrongAnswerNote(meta: SampleMeta): string {
  const judged = meta.judge?.filter((record) => record.pass === false).at(-1)
  if (judged !== undefined) return `${judged.status === 'skipped' ? 'a rule' : `the judge "${judged.name}"`} failed the output (see its annotation)`
  const failed = meta.checks?.find((check) => !check.pass)
  if (failed === undefined) return 'the scorer returned a failing verdict'
  const extracted = failed.extracted === null ? 'nothing' : JSON.stringify(failed.extracted)
  const from = failed.passage === null ? '' : ` from ${JSON.stringify(failed.passage)}`
  return `${failed.explanation}: target ${JSON.stringify(failed.target)}, extracted ${extracted}${from}`
}

// kept in the report and shown in the summary: credentials a task or endpoint quoted in its error are masked
function errorText(error: unknown): string {
  return redactSecrets(error instanceof Error ? `${error.name}: ${error.message}` : String(error), [])
}

// the shape shared by describe, describe.only and describe.skip, as this module calls them
type SuiteDeclaration = (name: string, options: TestOptions, factory: () => Promise<void>) => void

function defineBenchmarkSuite(suite: SuiteDeclaration, name: string, options: BenchmarkOptions, scorer?: Scorer): void {
  validateOptions(name, options)
  registerMatchers()
  registerJudgeMatcher()
  const judging = createBenchmarkJudging(name, options.judge)
  const meta: BenchmarkMeta = {
    kind: 'benchmark',
    name,
    model: options.model?.name ?? (options.task?.name || 'task'),
    ...(options.primaryMetric === undefined ? {} : { primaryMetric: options.primaryMetric }),
    thresholds: options.thresholds ?? {},
    ...(options.regression === undefined ? {} : { regression: RegressionSchema.parse(options.regression) }),
    maxErrors: options.maxErrors ?? 0,
    ...(options.maxCost === undefined ? {} : { maxCostUsd: options.maxCost }),
  }
  suite(name, { meta: taskMeta(meta), ...(options.timeout ? { timeout: options.timeout } : {}) }, async () => {
    const all = await loadSamples(options.dataset, `dataset of "${name}"`)
    const samples = options.limit === undefined ? all : all.slice(0, options.limit)
    const unknown = options.only?.filter((id) => !samples.some((sample) => sample.id === id)) ?? []
    if (unknown.length > 0) throw new ConfigError(`describeBenchmark("${name}"): option "only" names unknown sample ids: ${unknown.join(', ')}.`)
    if (options.inferMethod !== undefined && options.inferMethod !== 'generate') checkChoiceSamples(name, options.inferMethod, samples)
    const recorded = options.model ? prepareModel(name, options.model, options) : undefined
    const run = createSampleRun(samples, createInfer(name, options, recorded?.model), {
      concurrency: options.concurrency ?? 8,
      stopAfterFailures: options.stopAfterFailures ?? 5,
    })
    beforeSuite((suite) => {
      const selected = (suite.tasks ?? []).filter((task) => task.type === 'test' && task.mode === 'run')
      const ids = selected.flatMap((task) => sampleMetaOf(task.meta)?.sampleId ?? [])
      run.start(ids)
      if (judging.judgesSamples && !scorer && suite.file) judgeAhead(judging, samples, ids, run, options, suite.file.filepath)
    })
    afterSuite((suite) => {
      recorded?.save()
      const own = evalsuiteMetaOf(suite.meta)
      const elapsed = run.elapsedMs()
      if (own?.kind === 'benchmark' && elapsed !== undefined) own.durationMs = elapsed
      if (own?.kind === 'benchmark' && own.maxCostUsd !== undefined) own.spentUsd = recorded?.spentUsd()
    })
    const annotate = sampleAnnotationsWanted()
    for (const sample of samples) {
      const sampleMeta: SampleMeta = { kind: 'sample', sampleId: sample.id, status: 'pending', ...(sample.subset ? { subset: sample.subset } : {}) }
      const declare = options.only?.includes(sample.id) ? test.only : test
      declare(testName(sample), { meta: taskMeta(sampleMeta) }, (context) => runSample(context, sample, run, options, scorer, judging, annotate))
    }
  })
}

/**
 * Declares a benchmark: a Vitest suite with one test per sample. Inference runs in the benchmark's own pool; each
 * test scores its sample with `scorer` (or the default: the target, read as an option letter for multiple choice
 * and compared exactly otherwise).
 * @example
 * describeBenchmark('capitals', { dataset: datasets.jsonl('evals/data/capitals.jsonl'), model: models.openai({ model: 'gpt-4o-mini' }) })
 */
export const describeBenchmark: DescribeBenchmark = Object.assign(
  (name: string, options: BenchmarkOptions, scorer?: Scorer) => defineBenchmarkSuite(describe, name, options, scorer),
  {
    only: (name: string, options: BenchmarkOptions, scorer?: Scorer) => defineBenchmarkSuite(describe.only, name, options, scorer),
    skip: (name: string, options: BenchmarkOptions, scorer?: Scorer) => defineBenchmarkSuite(describe.skip, name, options, scorer),
  },
)

// the default rule is a pure function of the output, so the judge can start on a sample as soon as its output
// arrives, keeping the judge busy however Vitest schedules the tests that await the verdicts
function judgeAhead(judging: BenchmarkJudging, samples: readonly Sample[], ids: readonly string[], run: ReturnType<typeof createSampleRun>, options: BenchmarkOptions, file: string): void {
  const byId = new Map(samples.map((sample) => [sample.id, sample]))
  for (const id of ids) {
    const sample = byId.get(id)!
    run.output(id).then(
      (output) => {
        const check = judging.runsRule ? checkByDefault(sample, output.text, options.answer) : undefined
        const rule = check ? ruleOutcome(toScores([check], undefined), [check]) : undefined
        if (judging.needsJudge(rule)) void judging.judge(sample, output, file)
      },
      () => undefined,
    )
  }
}

async function scoreByScorer(context: TestContext, sample: Sample, output: ModelOutput, meta: SampleMeta, scorer: Scorer, judging: BenchmarkJudging): Promise<RuleOutcome> {
  const scorerContext = {
    sample,
    output: output.text,
    modelOutput: output,
    // each access builds an expect instance, so only scorers that use it pay for it
    get expect() {
      return context.expect
    },
  }
  const returned = await judging.withScope(context.task, sample, context.signal, async () => scorer(scorerContext))
  return ruleOutcome(toScores(meta.checks, returned, meta.judge), meta.checks)
}

function scoreByDefault(sample: Sample, output: ModelOutput, meta: SampleMeta, options: BenchmarkOptions): RuleOutcome {
  meta.checks = [checkByDefault(sample, output.text, options.answer)]
  return ruleOutcome(toScores(meta.checks, undefined), meta.checks)
}

async function runSample(
  context: TestContext,
  sample: Sample,
  run: ReturnType<typeof createSampleRun>,
  options: BenchmarkOptions,
  scorer: Scorer | undefined,
  judging: BenchmarkJudging,
  annotate: boolean,
): Promise<void> {
  const meta = sampleMetaOf(context.task.meta)
  if (meta === undefined) throw new Error(`evalsuite: test "${context.task.name}" lost its sample record`)
  meta.checks = undefined
  meta.judge = undefined
  let output: ModelOutput
  // a timed-out or cancelled test gives up its calls, so a hung request cannot hold a place in the pool
  context.signal.addEventListener(
    'abort',
    () => {
      run.abort(sample.id, context.signal.reason)
      judging.abort(sample.id, context.signal.reason)
    },
    { once: true },
  )
  try {
    output = await run.output(sample.id, (context.task.result?.retryCount ?? 0) > 0)
  } catch (error) {
    // a sample the budget left out is not run: neither wrong nor errored, and reported as such
    if (error instanceof BudgetExhausted) {
      meta.notRun = 'budget'
      context.skip(error.message)
    }
    meta.status = 'errored'
    meta.error = errorText(error)
    throw error
  }
  meta.output = output.text.length > OUTPUT_KEPT ? `${output.text.slice(0, OUTPUT_KEPT)}…` : output.text
  meta.latencyMs = output.latencyMs
  if (output.usage) meta.usage = output.usage
  if (output.costUsd !== undefined) meta.costUsd = output.costUsd
  if (output.ttftMs !== undefined) meta.ttftMs = output.ttftMs
  if (output.choiceLogprobs) meta.choiceLogprobs = output.choiceLogprobs
  let scores: Record<string, number>
  let judgingNow = false
  try {
    const rule = !judging.runsRule ? undefined : scorer ? await scoreByScorer(context, sample, output, meta, scorer, judging) : scoreByDefault(sample, output, meta, options)
    judgingNow = true
    if (judging.judgesSamples) {
      const at = { meta, file: context.task.file.filepath, signal: context.signal, annotate: (message: string, type: string) => context.annotate(message, type) }
      scores = await scoreByPolicy(judging, sample, output, rule, at)
    } else scores = rule!.scores
  } catch (error) {
    meta.status = 'errored'
    // a judge that failed or gave no verdict errs the sample in its own words, even when the scorer asked it
    meta.error = judgingNow || error instanceof JudgeError ? errorText(error) : `the scorer threw: ${errorText(error)}`
    throw error
  }
  meta.scores = scores
  meta.status = 'scored'
  if (annotate) await annotateSample(context, sample, meta)
  if (isWrongAnswer(scores)) await markTestFailed(context, wrongAnswerNote(meta))
}
