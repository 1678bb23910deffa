import { ConfigError, JudgeError } from '../errors.ts'
import { recordSampleCommand, type ModelOutput } from '../model/index.ts'
import {
  inputText,
  isWrongAnswer,
  sampleLabel,
  shownValue,
  type Check,
  type JudgeRecord,
  type ProvidedJudgeSettings,
  type Sample,
  type SampleMeta,
  type ScoringPolicy,
} from '../schema/index.ts'
import { judgementScores } from '../scoring/index.ts'
import { agreementScores } from './agreement-scores.ts'
import { describeJudgement } from './describe-judgement.ts'
import { toDefinition } from './judge-builders.ts'
import type { JudgeContext, JudgeDefinition } from './judge-definition.ts'
import { createJudgeExecutor, type JudgeExecutor } from './judge-executor.ts'
import type { HumanVerdict, JudgeOptions } from './judge-options.ts'
import { bindJudgeScope, unbindJudgeScope } from './judge-scope.ts'
import { resolveJudgeSettings } from './judge-settings.ts'
import { skippedByPolicy } from './to-pass-judge-options.ts'

/** What the rule made of a sample: its scores, and whether it could read an answer at all. */
export interface RuleOutcome {
  scores: Record<string, number>
  unreadable: boolean
}

/** The rule's outcome from its scores and the checks it recorded. */
export function ruleOutcome(scores: Record<string, number>, checks: readonly Check[] | undefined): RuleOutcome {
  return { scores, unreadable: (checks ?? []).some((check) => check.extracted === null) }
}

/** A benchmark's judge: its policy, its executor, and the judgements started ahead of the tests that await them. */
export interface BenchmarkJudging {
  readonly policy: ScoringPolicy | undefined
  /** Whether the benchmark's own judge grades any sample (it has a definition and the policy lets it). */
  readonly judgesSamples: boolean
  /** Whether the rule (the scorer, or the default answer check) runs at all. */
  readonly runsRule: boolean
  /**
   * Lets `toPassJudge` calls in `scorer` use this benchmark's judges, sample and policy while it runs. `attempt` is
   * given only when the benchmark repeats its samples, here and below: it keys their verdicts apart.
   */
  withScope<T>(
    task: object,
    file: string,
    sample: Sample,
    attempt: number | undefined,
    signal: AbortSignal,
    scorer: () => Promise<T>,
  ): Promise<T>
  /** Whether the benchmark's judge grades this sample, given what the rule found (undefined if it did not run). */
  needsJudge(rule: RuleOutcome | undefined): boolean
  /** The judgement of a sample's (attempt's) output; asked once per output, so a judgement started ahead is reused. */
  judge(sample: Sample, attempt: number | undefined, output: ModelOutput, file: string, signal?: AbortSignal): Promise<JudgeRecord>
  /** Gives up the judgement in flight of a sample's attempt (its test timed out or was cancelled). */
  abort(sampleId: string, attempt: number | undefined, reason: unknown): void
  /** The record of a sample the policy kept from the judge, so it shows why none was asked. */
  settledByRule(): JudgeRecord
  /** The human verdict of a sample when the benchmark measures its judge (`judge.expected`), else undefined. */
  humanVerdict(sample: Sample): HumanVerdict | undefined
  /** The name of the judge model the benchmark measures (`judge.expected`), else undefined. */
  readonly measuredJudge: string | undefined
  /** How many judge calls run at once. */
  readonly concurrency: number
}

/** Where a sample is scored: its meta, its eval file, and how to annotate its test. */
export interface SampleJudgement {
  meta: SampleMeta
  file: string
  signal: AbortSignal
  annotate: (message: string, type: string) => Promise<unknown>
}

// a sample the policy kept from the judge has no verdict to show: the record in its meta says why, without an
// annotation for every sample the rule settled (each is a message to Vitest's main process, and a CI notice)
function keepQuietly(record: JudgeRecord, at: SampleJudgement): void {
  at.meta.judge = [...(at.meta.judge ?? []), record]
}

async function keep(record: JudgeRecord, at: SampleJudgement): Promise<void> {
  keepQuietly(record, at)
  const { message, type } = describeJudgement(record)
  await at.annotate(message, type)
}

/**
 * Scores a sample under the benchmark's policy: the judge's verdict where the policy sends the sample to it, the
 * rule's score elsewhere, and the rule's in place of a missing verdict under judge-by-default. A sample left with
 * no verdict rejects with a JudgeError, so it is errored and never counted as wrong.
 */
export async function scoreByPolicy(
  judging: BenchmarkJudging,
  sample: Sample,
  output: ModelOutput,
  rule: RuleOutcome | undefined,
  at: SampleJudgement,
): Promise<Record<string, number>> {
  const expected = judging.humanVerdict(sample)
  if (expected !== undefined) {
    const measured = { ...(await judging.judge(sample, at.meta.attempt, output, at.file, at.signal)), expected }
    await keep(measured, at)
    return agreementScores(measured)
  }
  if (!judging.needsJudge(rule)) {
    if (judging.policy === 'cascade' || judging.policy === 'rule-by-default') keepQuietly(judging.settledByRule(), at)
    return rule!.scores
  }
  const record = await judging.judge(sample, at.meta.attempt, output, at.file, at.signal)
  if (record.status === 'invalid' && judging.policy === 'judge-by-default' && rule) record.fallback = true
  await keep(record, at)
  if (record.fallback) return rule!.scores
  if (record.status === 'invalid') throw new JudgeError(`The judge gave no valid verdict: ${record.reason}`)
  const { accuracy: _, ...ruleMetrics } = rule?.scores ?? {}
  return { ...ruleMetrics, ...judgementScores(record) }
}

function contextOf(sample: Sample): Omit<JudgeContext, 'output'> {
  return { input: inputText(sample), reference: sample.target, sample }
}

/**
 * Sets up a benchmark's judge from its `judge` option (without one, `toPassJudge` uses the plugin's judges), over the
 * plugin's judge settings (`provided`).
 */
export function createBenchmarkJudging(name: string, options: JudgeOptions = {}, provided?: ProvidedJudgeSettings): BenchmarkJudging {
  const where = `describeBenchmark("${name}")`
  const { definition: source, policy: own } = options
  if (own !== undefined && own !== 'rule-only' && source === undefined) {
    throw new ConfigError(`${where}: policy "${own}" needs "judge.definition", the judge that grades the samples.`)
  }
  const policy = own ?? (source === undefined ? undefined : 'judge-only')
  const executor: JudgeExecutor = createJudgeExecutor(resolveJudgeSettings(options, provided))
  if (source !== undefined && policy !== 'rule-only' && executor.settings.models.length === 0) {
    throw new ConfigError(`${where}: "judge.definition" needs a judge model: set "judge.model", or the plugin's "judge" option.`)
  }
  const { expected } = options
  if (expected !== undefined) checkMeasured(where, options, executor)
  const definitionFor = (context: JudgeContext): JudgeDefinition =>
    toDefinition(typeof source === 'function' ? source(context) : source, `${where}: judge.definition`)
  // keyed by sample and attempt: the attempts of a repeated sample are judged apart
  const pending = new Map<string, { output: ModelOutput; promise: Promise<JudgeRecord>; controller: AbortController }>()
  const pendingKey = (sampleId: string, attempt: number | undefined): string => JSON.stringify([sampleId, attempt ?? null])
  // a sample's test is named by its id, with "#<attempt>" when the benchmark repeats it
  const recordCommandOf = (file: string, sampleId: string, attempt: number | undefined): string =>
    recordSampleCommand(file, name, attempt === undefined ? sampleId : sampleLabel(sampleId, attempt), 'verdicts')
  return {
    policy,
    measuredJudge: expected === undefined ? undefined : executor.settings.models[0]!.name,
    concurrency: executor.settings.concurrency,
    judgesSamples: source !== undefined && policy !== 'rule-only',
    runsRule: policy !== 'judge-only',
    async withScope(task, file, sample, attempt, signal, scorer) {
      const scope = {
        executor,
        sampleId: sample.id,
        ...(attempt === undefined ? {} : { attempt }),
        recordCommand: recordCommandOf(file, sample.id, attempt),
        context: contextOf(sample),
        signal,
      }
      bindJudgeScope(task, { ...scope, ...(policy ? { policy } : {}) })
      try {
        return await scorer()
      } finally {
        unbindJudgeScope(task)
      }
    },
    needsJudge(rule) {
      switch (source === undefined ? undefined : policy) {
        case 'judge-only':
        case 'judge-by-default':
          return true
        case 'rule-by-default':
          return rule?.unreadable === true
        case 'cascade':
          return rule === undefined || rule.unreadable || isWrongAnswer(rule.scores)
        default:
          return false
      }
    },
    judge(sample, attempt, output, file, signal) {
      const key = pendingKey(sample.id, attempt)
      const known = pending.get(key)
      if (known?.output === output) return known.promise
      const controller = new AbortController()
      signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true })
      const context: JudgeContext = { ...contextOf(sample), output: output.text }
      const keepOrders = expected === undefined ? {} : { keepOrders: true }
      const call = {
        sampleId: sample.id,
        ...(attempt === undefined ? {} : { attempt }),
        file,
        recordCommand: recordCommandOf(file, sample.id, attempt),
        signal: controller.signal,
        ...keepOrders,
      }
      const promise = Promise.resolve().then(() => executor.judge(definitionFor(context), context, call))
      // the test that awaits it reports the failure; until then it must not count as unhandled
      promise.catch(() => undefined)
      pending.set(key, { output, promise, controller })
      return promise
    },
    abort(sampleId, attempt, reason) {
      pending.get(pendingKey(sampleId, attempt))?.controller.abort(reason)
    },
    settledByRule() {
      const found = policy === 'cascade' ? 'scored the output right' : 'read an answer'
      return skippedByPolicy('rule', `the rule ${found}, so no judge was asked (policy "${policy}")`)
    },
    humanVerdict(sample) {
      if (expected === undefined) return undefined
      const value: unknown = expected(sample)
      if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value
      throw new ConfigError(
        `${where}: judge.expected returned ${shownValue(value)} for sample "${sample.id}"; return the human verdict: "win", "loss" or "tie" for a pairwise judge, a label, or a finite score.`,
      )
    },
  }
}

// the verdicts kept are one judge's, asked once in each order: a panel or repeats would need a rule to combine them
// first, and that rule, not the judge, would be what is measured
function checkMeasured(where: string, options: JudgeOptions, executor: JudgeExecutor): void {
  const problems: string[] = []
  if (options.definition === undefined) problems.push('needs "judge.definition", the judge it measures')
  else if (typeof options.definition === 'object' && options.definition.kind === 'workflow')
    problems.push('measures a labels, numeric or pairwise judge, whose one verdict can equal a label, not a workflow')
  if (options.policy !== undefined && options.policy !== 'judge-only')
    problems.push(`measures the judge alone, so "judge.policy" must be "judge-only", not "${options.policy}"`)
  if (executor.settings.models.length !== 1) problems.push(`measures one judge model, not ${executor.settings.models.length}`)
  if (executor.settings.repeats !== 1) problems.push(`measures each verdict asked once, not with "repeats" ${executor.settings.repeats}`)
  if (problems.length > 0) throw new ConfigError(`${where}: "judge.expected" ${problems.join('; ')}.`)
}
