import type { MatcherState } from 'vitest'
import { ConfigError, JudgeError } from '../errors.ts'
import {
  createJudgeExecutor,
  describeJudgement,
  judgeScopeOf,
  resolveJudgeSettings,
  skippedByPolicy,
  toDefinition,
  type JudgeContext,
  type JudgeDefinition,
  type JudgeExecutor,
  type ToPassJudgeOptions,
} from '../judge/index.ts'
import { sampleMetaOf, type JudgeRecord } from '../schema/index.ts'
import { redactKeys } from '../store/index.ts'
import { providedJudgeSettings } from './provided-settings.ts'
import { visibleMessage } from './visible-text.ts'

interface MatcherResult {
  pass: boolean
  message: () => string
}

// the parts of a Vitest test the matcher touches, the same in Vitest 4.1 and 5
interface TestLike {
  meta: object
  fullTestName?: string
  name: string
  file?: { filepath: string }
  context?: { signal?: AbortSignal; annotate?: (message: string, type?: string) => Promise<unknown> }
}

let workerExecutor: JudgeExecutor | undefined

async function judgeReceived(
  state: MatcherState,
  task: TestLike | undefined,
  received: string,
  definition: JudgeDefinition,
  options: ToPassJudgeOptions,
): Promise<JudgeRecord> {
  const scope = judgeScopeOf(task)
  if (scope?.policy === 'rule-only') return skippedByPolicy(definition.name, "the benchmark's scoring policy is rule-only")
  const context: JudgeContext = {
    ...scope?.context,
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.reference === undefined ? {} : { reference: options.reference }),
    output: received,
  }
  const executor =
    options.model !== undefined
      ? createJudgeExecutor(resolveJudgeSettings({ model: options.model }, providedJudgeSettings()))
      : (scope?.executor ?? (workerExecutor ??= createJudgeExecutor(resolveJudgeSettings({}, providedJudgeSettings()))))
  const file = task?.file?.filepath ?? state.testPath
  if (file === undefined) throw new ConfigError('toPassJudge runs inside a Vitest test: its verdicts are kept beside the test file.')
  const sampleId = scope?.sampleId ?? task?.fullTestName ?? task?.name ?? state.currentTestName ?? 'test'
  const signal = scope?.signal ?? task?.context?.signal
  const attempt = scope?.attempt === undefined ? {} : { attempt: scope.attempt }
  const recordCommand = scope === undefined ? {} : { recordCommand: scope.recordCommand }
  return executor.judge(definition, context, { sampleId, ...attempt, file, ...recordCommand, ...(signal ? { signal } : {}) })
}

/**
 * Grades an output with a judge. In a benchmark sample the verdict is recorded in the test's meta and never thrown,
 * so a failing grade counts as a wrong answer; anywhere else it is an ordinary assertion. A judge that gives no
 * valid verdict, fails or (in replay mode) has no stored verdict makes the test fail with the reason.
 */
export async function toPassJudge(
  this: MatcherState,
  received: unknown,
  criteria: unknown,
  options: ToPassJudgeOptions = {},
): Promise<MatcherResult> {
  if (typeof received !== 'string') {
    return { pass: this.isNot, message: () => `toPassJudge expects the output to judge as a string, received ${typeof received}` }
  }
  const definition = toDefinition(criteria, 'toPassJudge')
  const task = this.task as TestLike | undefined
  const sample = task ? sampleMetaOf(task.meta) : undefined
  if (sample && this.isNot) throw new ConfigError('toPassJudge cannot be negated inside a benchmark: write criteria that say what passes.')
  const record = await judgeReceived(this, task, received, definition, options)
  const judgement = describeJudgement(record)
  // a judge's reasons quote the output, and a judge of the user's own may echo a key the model layer never saw
  const message = visibleMessage(redactKeys(judgement.message))
  await task?.context?.annotate?.(message, judgement.type)
  if (sample) sample.judge = [...(sample.judge ?? []), record]
  if (record.status === 'invalid') throw new JudgeError(visibleMessage(redactKeys(`The judge gave no valid verdict: ${record.reason}`)))
  // in a benchmark, reporting the assertion as satisfied keeps chai from throwing; the sample is scored from its meta
  if (sample) return { pass: true, message: () => message }
  return {
    pass: record.pass === true,
    message: () => visibleMessage(`expected the output ${this.isNot ? 'not ' : ''}to pass the judge\n  ${message}`),
  }
}
