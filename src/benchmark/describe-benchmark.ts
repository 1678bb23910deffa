import { describe, test, type TestContext, type TestOptions } from 'vitest'
import { redactSecrets, type Model, type ModelOutput } from '../model/index.ts'
import { evalsuiteMetaOf, isWrongAnswer, sampleMetaOf, type ChatMessage, type Check, type Sample, type SampleMeta } from '../schema/index.ts'
import { checkAnswer, registerMatchers } from '../scoring/index.ts'
import { parseTaskResult, type BenchmarkOptions, type BenchmarkOverrides, type Scorer } from './benchmark-options.ts'
import { callerLocation } from './caller-location.ts'
import type { Benchmark } from './define-benchmark.ts'
import { attemptKey, type PlannedSample } from './pipeline.ts'
import { benchmarkMeta } from './benchmark-meta.ts'
import { prepareSamples } from './prepare-samples.ts'
import { withRecordings } from './recordings.ts'
import { resolveDefined, resolveNamed, type ResolvedBenchmark } from './resolve-benchmark.ts'
import { createSampleRun, type Infer } from './sample-run.ts'
import { toScores } from './score-sample.ts'
import { afterSuite, beforeSuite, markTestFailed, taskMeta } from './vitest-compat.ts'

const NAME_PREFIX = 48
const OUTPUT_KEPT = 4000

/** `<id>: <the start of the input>`, or `<id>#<attempt>: ...` when samples are repeated. */
function testName(planned: PlannedSample): string {
  const { sample } = planned
  const text = typeof sample.input === 'string' ? sample.input : (sample.input.at(-1)?.content ?? '')
  const line = text.replace(/\s+/g, ' ').trim()
  return `${planned.key}: ${line.length > NAME_PREFIX ? `${line.slice(0, NAME_PREFIX)}…` : line}`
}

function createInfer(resolved: ResolvedBenchmark, model: Model | undefined, messagesOf: (sample: Sample) => ChatMessage[]): Infer {
  const { task } = resolved.run
  const name = resolved.definition.name
  if (task) {
    return async ({ sample, attempt }, signal) => {
      const started = performance.now()
      const result = parseTaskResult(name, sample, await task(sample, { signal, attempt }))
      const latencyMs = performance.now() - started
      return typeof result === 'string' ? { text: result, latencyMs } : { ...result, latencyMs }
    }
  }
  // the attempt is passed (and keys recordings) only when samples repeat, so recordings made without repeats stay valid
  const repeated = resolved.selection.repeats > 1
  return ({ sample, attempt }, signal) => model!.generate(messagesOf(sample), { signal, ...(repeated ? { attempt } : {}) })
}

/** Without a scorer callback: the target, read as an option letter when the sample has choices. */
function checkByDefault(sample: Sample, output: string, answer: Benchmark['extractAnswer']): Check {
  const options = answer ?? (sample.choices ? { kind: 'choice' as const } : { kind: 'exact' as const })
  const withChoices = options.kind === 'choice' && !options.choices && sample.choices ? { ...options, choices: sample.choices } : options
  return checkAnswer(output, sample.target, withChoices, 'default scorer')
}

function wrongAnswerNote(checks: readonly Check[] | undefined): string {
  const failed = checks?.find((check) => !check.pass)
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

function declareSuite(suite: SuiteDeclaration, resolved: ResolvedBenchmark): void {
  registerMatchers()
  const { definition, run: options, selection } = resolved
  const name = definition.name
  const meta = benchmarkMeta(resolved)
  suite(name, { meta: taskMeta(meta), ...(options.timeout ? { timeout: options.timeout } : {}) }, async () => {
    const { planned, messagesOf } = await prepareSamples(resolved)
    const recorded = options.model ? withRecordings(name, options.model, options.recordings) : undefined
    const run = createSampleRun(planned, createInfer(resolved, recorded?.model, messagesOf), {
      concurrency: options.concurrency ?? 8,
      stopAfterFailures: options.stopAfterFailures ?? 5,
    })
    beforeSuite((suite) => {
      const selected = (suite.tasks ?? []).filter((task) => task.type === 'test' && task.mode === 'run')
      run.start(
        selected.flatMap((task) => {
          const sample = sampleMetaOf(task.meta)
          return sample ? [attemptKey(sample.sampleId, sample.attempt ?? 0, selection.repeats)] : []
        }),
      )
    })
    afterSuite((suite) => {
      recorded?.save()
      const own = evalsuiteMetaOf(suite.meta)
      const elapsed = run.elapsedMs()
      if (own?.kind === 'benchmark' && elapsed !== undefined) own.durationMs = elapsed
    })
    // a shard can be left without samples (fewer samples than shards); Vitest refuses a suite without tests
    if (planned.length === 0) test.skip(`no samples in shard ${selection.shard?.index}/${selection.shard?.count}`, () => undefined)
    const only = options.only
    // when this shard holds none of the "only" samples, its others must not run as if nothing were selected
    const onlyElsewhere = only !== undefined && !planned.some((entry) => only.includes(entry.sample.id))
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
      declare(testName(entry), { meta: taskMeta(sampleMeta) }, (context) => runSample(context, entry, run, resolved))
    }
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
    const location = callerLocation()
    const resolved =
      typeof first === 'string'
        ? resolveNamed(first, options as BenchmarkOptions, scorer, location)
        : resolveDefined(first, options, scorer, location)
    declareSuite(suite, resolved)
  }
}

/**
 * Declares a benchmark: a Vitest suite with one test per sample (and attempt). Inference runs in the benchmark's own
 * pool; each test scores its sample with the scorer (or the default: the target, read with the benchmark's answer
 * extraction, as an option letter for multiple choice, and compared exactly otherwise).
 * @example
 * describeBenchmark('capitals', { dataset: datasets.jsonl('evals/data/capitals.jsonl'), model: models.openai({ model: 'gpt-4o-mini' }) })
 * describeBenchmark(gsm8k({ path: 'data/gsm8k/test.jsonl' }), { model: models.openai({ model: 'gpt-4o-mini' }), limit: 200 })
 */
export const describeBenchmark: DescribeBenchmark = Object.assign(declarer(describe), {
  only: declarer(describe.only),
  skip: declarer(describe.skip),
})

async function runSample(context: TestContext, entry: PlannedSample, run: ReturnType<typeof createSampleRun>, resolved: ResolvedBenchmark): Promise<void> {
  const { sample, key } = entry
  const scorer = resolved.scorer
  const meta = sampleMetaOf(context.task.meta)
  if (meta === undefined) throw new Error(`evalsuite: test "${context.task.name}" lost its sample record`)
  meta.checks = undefined
  let output: ModelOutput
  // a timed-out or cancelled test gives up its call, so a hung request cannot hold a place in the pool
  context.signal.addEventListener('abort', () => run.abort(key, context.signal.reason), { once: true })
  try {
    output = await run.output(key, (context.task.result?.retryCount ?? 0) > 0)
  } catch (error) {
    meta.status = 'errored'
    meta.error = errorText(error)
    throw error
  }
  meta.output = output.text.length > OUTPUT_KEPT ? `${output.text.slice(0, OUTPUT_KEPT)}…` : output.text
  meta.latencyMs = output.latencyMs
  if (output.usage) meta.usage = output.usage
  let scores: Record<string, number>
  try {
    if (scorer) {
      const returned = await scorer({
        sample,
        output: output.text,
        modelOutput: output,
        // each access builds an expect instance, so only scorers that use it pay for it
        get expect() {
          return context.expect
        },
      })
      scores = toScores(meta.checks, returned)
    } else {
      meta.checks = [checkByDefault(sample, output.text, resolved.definition.extractAnswer)]
      scores = toScores(meta.checks, undefined)
    }
  } catch (error) {
    meta.status = 'errored'
    meta.error = `the scorer threw: ${errorText(error)}`
    throw error
  }
  meta.scores = scores
  meta.status = 'scored'
  if (isWrongAnswer(scores)) await markTestFailed(context, wrongAnswerNote(meta.checks))
}
