import { maxStepsNote, stepNotes, trajectoryMeasures } from '../agent/index.ts'
import { JudgeError, ModelError } from '../errors.ts'
import { recordSampleCommand } from '../model/index.ts'
import {
  type Check,
  cutText,
  inputText,
  isWrongAnswer,
  type Sample,
  type SampleMeta,
  sampleMetaOf,
  trajectoryText,
} from '../schema/index.ts'
import { checkAnswer, checkCode, OPEN_ANSWER, toScores } from '../scoring/index.ts'
import { keyMaskedJson, redactSecrets } from '../store/index.ts'
import { type Benchmark, type ResolvedBenchmark, type Scorer, withReference } from '../benchmark/index.ts'
import type { EarlyStop } from './early-stop.ts'
import { CostLimitReached } from './cost-limit.ts'
import { type BenchmarkJudging, ruleOutcome, type RuleOutcome, scoreByPolicy } from '../judge/index.ts'
import { turnIfDue } from './event-loop-turn.ts'
import type { PlannedSample } from '../selection/index.ts'
import { annotateSample } from './sample-annotations.ts'
import type { OutputListener, SampleOutput, SampleRun } from './sample-run.ts'
import type { SampleTest } from './sample-test.ts'

/** The annotation types of a sample that ended skipped: a wrong answer, an error within `maxErrors`. */
const WRONG_ANNOTATION = 'evalsuite:wrong'
const ERROR_ANNOTATION = 'evalsuite:error'
/** The annotation type of a sample whose tool loop hit `maxSteps`. */
const MAX_STEPS_ANNOTATION = 'evalsuite:max-steps'

/**
 * Without a scorer callback: the target, read as an option letter when the sample has choices, and otherwise from the
 * reply's last "ANSWER:" line, or the whole reply when it has none, compared exactly.
 */
function checkByDefault(sample: Sample, output: string, answer: Exclude<Benchmark['answer'], { kind: 'code' }>): Check {
  const options = answer ?? (sample.choices ? { kind: 'choice' as const } : OPEN_ANSWER)
  const withChoices = options.kind === 'choice' && !options.choices && sample.choices ? { ...options, choices: sample.choices } : options
  return checkAnswer(output, withReference(sample).target, withChoices, 'default scorer')
}

function wrongAnswerNote(meta: SampleMeta): string {
  const judged = meta.judge?.filter((record) => record.pass === false).at(-1)
  if (judged !== undefined)
    return `${judged.status === 'skipped' ? 'a rule' : `the judge "${judged.name}"`} failed the output (see its annotation)`
  const failed = meta.checks?.find((check) => !check.pass)
  if (failed === undefined) return 'the scorer returned a failing verdict'
  // a program's run and a trajectory are told by where they went wrong, not by a target and an answer read
  if (failed.kind === 'code' || failed.kind === 'trajectory') return failed.explanation
  const extracted = failed.extracted === null ? 'nothing' : JSON.stringify(failed.extracted)
  const from = failed.passage === null ? '' : ` from ${JSON.stringify(failed.passage)}`
  const hint = failed.hint ? `; ${failed.hint.answer} would score it right: ${failed.hint.explanation}` : ''
  return `${failed.explanation}: target ${JSON.stringify(failed.target)}, extracted ${extracted}${from}${hint}`
}

// kept in the report and shown in the summary: credentials a task or endpoint quoted in its error are masked
function errorText(error: unknown): string {
  return redactSecrets(error instanceof Error ? `${error.name}: ${error.message}` : String(error), [])
}

/**
 * Starts judging each sample as soon as its output arrives (given to the pool's `start`). The default rule is a pure
 * function of the output, so this keeps the judge busy however the runner schedules the tests that await the verdicts.
 */
export function judgeAhead(judging: BenchmarkJudging, resolved: ResolvedBenchmark, file: string): OutputListener {
  const repeated = resolved.selection.repeats > 1
  const answer = resolved.definition.answer
  return ({ sample, attempt }, output) => {
    // a program's run is not a pure function of the output to start early: the sample's own test runs it
    const check = judging.runsRule && answer?.kind !== 'code' ? checkByDefault(sample, output.text, answer) : undefined
    const rule = check ? ruleOutcome(toScores([check], undefined), [check]) : undefined
    if (judging.needsJudge(rule)) void judging.judge(sample, repeated ? attempt : undefined, output, file)
  }
}

async function scoreByScorer(
  test: SampleTest,
  sample: Sample,
  output: SampleOutput,
  meta: SampleMeta,
  scorer: Scorer,
  judging: BenchmarkJudging,
): Promise<RuleOutcome> {
  const scorerContext = {
    sample: withReference(sample),
    output: output.text,
    modelOutput: output,
    ...(output.trajectory ? { trajectory: output.trajectory } : {}),
    ...(output.turns ? { turns: output.turns } : {}),
    // read only when the scorer asks for it (see SampleTest.expect)
    get expect() {
      return test.expect
    },
  }
  const returned = await judging.withScope(test.task, test.file, sample, meta.attempt, test.signal, async () => scorer(scorerContext))
  return ruleOutcome(toScores(meta.checks, returned, meta.judge), meta.checks)
}

async function scoreByDefault(
  sample: Sample,
  output: SampleOutput,
  meta: SampleMeta,
  resolved: ResolvedBenchmark,
  signal: AbortSignal,
): Promise<RuleOutcome> {
  const answer = resolved.definition.answer
  // the code kind's target is the tests its program must pass; several accepted targets are run as one test program
  if (answer?.kind === 'code') {
    const tests = [withReference(sample).target].flat().join('\n')
    const prefix = typeof answer.prefix === 'function' ? answer.prefix(sample) : answer.prefix
    meta.checks = [await checkCode(output.text, tests, { ...answer, prefix }, signal, 'default scorer')]
  } else meta.checks = [checkByDefault(sample, output.text, answer)]
  return ruleOutcome(toScores(meta.checks, undefined), meta.checks)
}

/** What a sample's test runs with: its benchmark's inference pool, scoring and judging, and the run's state. */
export interface SampleContext {
  run: SampleRun
  resolved: ResolvedBenchmark
  judging: BenchmarkJudging
  /** Whether the test is annotated with the sample's output. */
  annotate: boolean
  errors: ErrorAllowance
  early: { current?: EarlyStop }
  /** Replay mode: a failed call is a sample still to record. */
  replaying: boolean
}

/**
 * Runs one sample in its test: awaits its output from the pool, scores it (scorer, default rule, judge), records it in
 * the test's meta, and ends the test as its result says: passed, skipped as a wrong answer or an error within
 * `maxErrors`, not run (the cost limit, early stop), or failed.
 */
export async function runSample(test: SampleTest, entry: PlannedSample, context: SampleContext): Promise<void> {
  const { run, resolved, judging, annotate, errors, early, replaying } = context
  const { sample, key } = entry
  const scorer = resolved.scorer
  const meta = sampleMetaOf(test.meta)
  if (meta === undefined) throw new Error(`evalsuite: test "${test.name}" lost its sample record`)
  meta.checks = undefined
  meta.judge = undefined
  meta.trajectory = undefined
  // kept in the report, so a wrong sample can be read without the data file
  meta.input = cutText(inputText(sample))
  if (sample.target !== undefined)
    meta.target = typeof sample.target === 'string' ? cutText(sample.target) : sample.target.map((target) => cutText(target))
  if (early.current?.reason !== undefined) skipDecided(test, meta, early.current.reason)
  let output: SampleOutput
  // a timed-out or cancelled test gives up its calls, so a hung request cannot hold a place in the pool (the inference
  // pool listens for its own)
  if (judging.judgesSamples)
    test.signal.addEventListener('abort', () => judging.abort(sample.id, meta.attempt, test.signal.reason), { once: true })
  try {
    output = await run.output(key, test.retrying, test.signal)
  } catch (error) {
    // a call given up once every gate was decided, while its (concurrent) test awaited it
    if (early.current?.reason !== undefined) skipDecided(test, meta, early.current.reason)
    // a sample the cost limit left out is not run: neither wrong nor errored, and reported as such
    if (error instanceof CostLimitReached) {
      meta.notRun = 'cost-limit'
      test.skip(error.message)
    }
    // in replay mode no call is made, so a failed one is a sample to record: the model layer does not know which
    const failed =
      replaying && error instanceof ModelError
        ? new ModelError(`${error.message}\nRecord this sample: ${recordSampleCommand(test.file, resolved.definition.name, key)}`, {
            cause: error,
          })
        : error
    meta.status = 'errored'
    meta.error = errorText(failed)
    if (test.isLastAttempt(failed)) early.current?.record(key, undefined)
    return endErrored(test, meta, failed, errors)
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
  if (output.trajectory) meta.trajectory = trajectoryText(output.trajectory, keyMaskedJson)
  let scores: Record<string, number>
  let judgingNow = false
  // the judge's annotations wait for the outcome: the UI lists annotations in the order they came, and a wrong
  // sample's page must open with why it is wrong
  const judgeNotes: Array<[message: string, type: string]> = []
  const annotateJudged = (): Promise<unknown> => Promise.all(judgeNotes.map(([message, type]) => test.annotate(message, type)))
  try {
    const rule = !judging.runsRule
      ? undefined
      : scorer
        ? await scoreByScorer(test, sample, output, meta, scorer, judging)
        : await scoreByDefault(sample, output, meta, resolved, test.signal)
    judgingNow = true
    if (judging.judgesSamples) {
      const at = {
        meta,
        file: test.file,
        signal: test.signal,
        annotate: async (message: string, type: string) => void judgeNotes.push([message, type]),
      }
      scores = await scoreByPolicy(judging, sample, output, rule, at)
    } else scores = rule!.scores
  } catch (error) {
    meta.status = 'errored'
    // a judge that failed or gave no verdict errs the sample in its own words, even when the scorer asked it
    meta.error = judgingNow || error instanceof JudgeError ? errorText(error) : `the scorer threw: ${errorText(error)}`
    if (test.isLastAttempt(error)) early.current?.record(key, undefined)
    await annotateJudged()
    return endErrored(test, meta, error, errors)
  }
  // what the harness measures of the trajectory, as it measures latency; a scorer's own figure of the name wins
  if (output.trajectory) for (const [metric, value] of Object.entries(trajectoryMeasures(output.trajectory))) scores[metric] ??= value
  // a benchmark that declares its metrics without tool_call_accuracy is not given it: in bfcl the one check is the
  // trajectory's, so it would be accuracy again, a second row of the same figures in the table
  const declared = resolved.definition.metrics
  if (declared !== undefined && !declared.includes('tool_call_accuracy')) delete scores.tool_call_accuracy
  meta.scores = scores
  meta.status = 'scored'
  early.current?.record(key, scores)
  // a wrong answer is data: the test ends skipped, with the reason first among its annotations, and only the
  // benchmark's gates can fail the run
  const wrong = isWrongAnswer(scores) ? `wrong answer: ${wrongAnswerNote(meta)}` : undefined
  if (wrong !== undefined) await test.annotate(wrong, WRONG_ANNOTATION)
  const maxSteps = output.trajectory && maxStepsNote(output.trajectory)
  if (maxSteps) await test.annotate(maxSteps, MAX_STEPS_ANNOTATION)
  await annotateJudged()
  if (annotate) await annotateSample(test, sample, meta)
  if (annotate && output.trajectory) await Promise.all(stepNotes(output.trajectory).map(([message, type]) => test.annotate(message, type)))
  if (wrong !== undefined) test.skip(wrong)
}

// the samples left once every gate is decided: not run, so neither wrong nor errored
function skipDecided(test: SampleTest, meta: SampleMeta, reason: string): never {
  meta.notRun = 'early-stop'
  return test.skip(reason)
}

/** The errored samples of one benchmark run so far, against the errors it allows (`maxErrors`). */
export interface ErrorAllowance {
  readonly maxErrors: number
  errored: number
}

/**
 * An errored sample fails its test while Vitest has a retry left, and when it is past the benchmark's `maxErrors`;
 * within `maxErrors` it ends skipped with its error, so that the run fails exactly when evalsuite's error allowance does.
 */
async function endErrored(test: SampleTest, meta: SampleMeta, error: unknown, errors: ErrorAllowance): Promise<never> {
  if (!test.isLastAttempt(error)) throw error
  errors.errored += 1
  if (errors.errored > errors.maxErrors) throw error
  return test.skipWithReason(ERROR_ANNOTATION, `errored, within maxErrors ${errors.maxErrors}: ${meta.error}`)
}
