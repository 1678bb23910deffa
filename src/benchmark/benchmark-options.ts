// type-only and unavoidable: a scorer is handed its test's own `expect`, which is Vitest's, matchers and all
import type { ExpectStatic } from 'vitest'
import { z } from 'zod'
import type { AgentTools } from '../agent/index.ts'
import type { Dataset } from '../dataset/index.ts'
import { ConfigError } from '../errors.ts'
import { JudgeOptionsSchema, type JudgeOptions } from '../judge/index.ts'
import type { CorpusAggregate } from '../metrics/index.ts'
import type { Model, ModelOutput } from '../model/index.ts'
import {
  compiledAfter,
  EarlyStopOptionsSchema,
  InferMethodSchema,
  optionProblems,
  RecordingModeSchema,
  RegressionSchema,
  shownValue,
  ThresholdSchema,
  TrajectorySchema,
  UsageSchema,
  PARSED_ONCE,
  CountSchema,
  NonNegativeSchema,
  PositiveIntSchema,
  PositiveSchema,
  type EarlyStopOptions,
  type InferMethod,
  type RecordingMode,
  type Sample,
  type Threshold,
  type Trajectory,
  type Usage,
} from '../schema/index.ts'
import type { ScorerReturn } from '../scoring/index.ts'
import type { ReferencedSample } from './reference-free.ts'
import { SelectionShape, type SelectionOptions } from '../selection/index.ts'
import type { VariantOptions } from './variant-options.ts'

/** The `regression` option: `maxDrop` in the metric's own units, `alpha` (default 0.05), `metric` (default: the primary). */
export type RegressionOptions = z.input<typeof RegressionSchema>

/**
 * What a `task` function may return: the reply, the reply with the tokens it used, or an agent's final reply with
 * its trajectory (`fromAiSdk(result)` makes one of an AI SDK result).
 */
export type TaskResult = string | { text: string; usage?: Usage } | { output: string; trajectory: Trajectory; usage?: Usage }

/** What a `task` function receives besides the sample. */
export interface TaskContext {
  /** Aborts when the sample's test times out or is cancelled. */
  signal: AbortSignal
  /** Which attempt of the sample this is (0-based), when the benchmark repeats its samples. */
  attempt: number
}

/** How a benchmark runs: what is under test (`task` or `model`), and how its calls are made, timed and gated. */
export interface RunOptions {
  /** Your own function under test, called once per sample (and attempt). */
  task?: (sample: Sample, context: TaskContext) => TaskResult | Promise<TaskResult>
  /** A model under test, e.g. `models.openai({ model: 'gpt-4o-mini' })`. */
  model?: Model
  /** A system message sent before the prompt. */
  system?: string
  /**
   * Tools the model may call, by name: evalsuite runs the calls (a reply's calls at once), sends their results back,
   * and calls the model again, until a reply calls no tool or `maxSteps`. A tool without `execute` ends the loop when
   * called: its calls are the answer. The scorer receives the `trajectory`.
   * @example { weather: { parameters: z.object({ city: z.string() }), execute: ({ city }) => weatherIn(city) } }
   */
  tools?: AgentTools
  /** Model calls one sample's tool loop may make (per turn of a conversation). @default 10 */
  maxSteps?: number
  /** Model calls in flight at once. @default 8 */
  concurrency?: number
  /** After this many failed calls in a row the endpoint is taken for dead: the remaining samples fail at once. @default 5 */
  stopAfterFailures?: number
  /**
   * Gates per metric: `{ accuracy: 0.8 }` (a floor), bounds such as `{ accuracy: { min: 0.8 } }`, and per subset:
   * `{ accuracy: { min: 0.8, subsets: { hard: 0.5 } } }`.
   */
  thresholds?: Record<string, Threshold>
  /**
   * A gate against the committed baseline (`vitest run -u` writes it): fails when the metric dropped by more than
   * `maxDrop`, in its own units, and a paired test finds the drop significant at `alpha`.
   * @default alpha 0.05; metric: the primary metric
   * @example { maxDrop: 0.02 }
   */
  regression?: RegressionOptions
  /** Errored samples this benchmark may have before the run fails. @default 0 */
  maxErrors?: number
  /** Run only these sample ids, as `test.only` would (Vitest refuses `.only` in CI unless `--allowOnly`). */
  only?: string[]
  /** This benchmark's recording mode, instead of the plugin's; EVALSUITE_RECORDINGS still outranks it. */
  recordings?: RecordingMode
  /** Timeout of one sample's test in ms (model call and scoring included), instead of the plugin's `testTimeout`. */
  testTimeout?: number
  /**
   * How multiple-choice samples are answered: `generate` (a reply, read by the scorer), `logprobs` (the option letter
   * likeliest as the one answer token, through the chat API) or `ppl` (the option whose full text is likeliest after
   * the prompt, through the completions endpoint with `echo`, as vLLM offers). @default "generate"
   */
  inferMethod?: InferMethod
  /**
   * A spending limit in US dollars for this benchmark's model calls (at the model's price): no call starts when its
   * estimated cost would pass it, and the samples left are reported as not run because of the budget.
   */
  maxCost?: number
  /**
   * The judge: its model(s), the definition that grades samples, the scoring policy between rule and judge, and
   * how judges run (repeats, quorum, swaps). Also the judges that `toPassJudge` calls in the scorer use.
   */
  judge?: JudgeOptions
  /**
   * Stops the benchmark once every gate is decided, pass or fail, at `alpha` (shared among its gates) with an
   * anytime-valid confidence sequence; the samples left are skipped with the reason. Its samples run in a seeded
   * random order. Thresholds on the overall mean of metrics in [0, 1] only; off with `-u` and in a shard.
   * @default false; alpha 0.05, minSamples 100
   * @example true
   */
  earlyStop?: EarlyStopOptions
  /**
   * Reports, besides the per-sample metrics, per-label precision, recall and F1 (`f1_<label>`), their micro and macro
   * averages (`macro_f1`) and Cohen's `kappa` of the answers read against the targets, as corpus metrics with
   * bootstrap intervals; for benchmarks whose answers are labels (`choice` or `exact` targets).
   * @default false
   */
  classification?: boolean
  /**
   * Corpus metrics of your own, such as corpus BLEU: called with every scored sample (each attempt), each
   * subset's samples and each bootstrap resample, it returns metrics by name (`aggregation: 'corpus'` in the report).
   * @example (samples) => ({ answered: samples.filter((s) => s.answer !== null).length / samples.length })
   */
  aggregate?: CorpusAggregate
}

/** Options of `describeBenchmark(benchmark, overrides)`: how to run a defined benchmark, overriding its defaults. */
export interface BenchmarkOverrides extends RunOptions, SelectionOptions, VariantOptions {
  /** Few-shot examples per prompt; 0 for none. @default the benchmark's own count */
  fewShot?: number
}

/** What a scorer callback receives. Use this `expect`: the global one reports to the wrong test in concurrent code. */
export interface ScorerContext {
  /** The sample being scored, with its target (a sample without one is only ever judged). */
  sample: ReferencedSample
  /** The reply text. */
  output: string
  /** The reply with usage and latency. */
  modelOutput: ModelOutput
  /**
   * What the agent did, step by step: with `tools`, a conversation played turn by turn, or a task that returned one;
   * absent otherwise.
   */
  trajectory?: Trajectory
  /** In a conversation of several user turns: the reply to each, in order (`output` is the last). */
  turns?: string[]
  /** This test's own `expect`, bound to the sample. */
  expect: ExpectStatic
}

/** Scores one sample: call `expect(output).toMatchAnswer(...)`, and/or return a verdict, a score or named metrics. */
export type Scorer = (context: ScorerContext) => ScorerReturn | Promise<ScorerReturn>

/** A dataset as options accept it: an array of samples or a loader. */
export const DatasetSchema = z.custom<Dataset>(
  (value) => Array.isArray(value) || (typeof value === 'object' && value !== null && 'load' in value),
  {
    message: 'must be an array of samples or a loader from datasets.*',
  },
)

/** How the default scorer reads answers; the kinds themselves are checked by the scorer. */
export const AnswerOptionsSchema = z
  .object({ kind: z.enum(['exact', 'includes', 'regex', 'number', 'choice', 'math', 'code']).optional() })
  .loose()

/** The zod shape of `RunOptions`, which holds functions and so stays an interface (pinned to this by a type test). */
export const RunShape = {
  task: z.function().optional(),
  model: z
    .custom<Model>((value) => typeof value === 'object' && value !== null && 'generate' in value, {
      message: 'must be a Model, e.g. models.openai({ model })',
    })
    .optional(),
  system: z.string().optional(),
  tools: z
    .record(
      z.string(),
      z
        .object({
          description: z.string().optional(),
          parameters: z.custom<object>((value) => typeof value === 'object' && value !== null, {
            message: 'must be a zod schema or a JSON Schema object',
          }),
          execute: z.function().optional(),
          replay: z.boolean().optional(),
          timeoutMs: PositiveSchema.optional(),
        })
        .strict(),
    )
    .optional(),
  maxSteps: PositiveIntSchema.optional(),
  concurrency: PositiveIntSchema.optional(),
  stopAfterFailures: PositiveIntSchema.optional(),
  thresholds: z.record(z.string(), ThresholdSchema).optional(),
  regression: RegressionSchema.optional(),
  maxErrors: CountSchema.optional(),
  only: z.array(z.string()).optional(),
  testTimeout: PositiveSchema.optional(),
  recordings: RecordingModeSchema.optional(),
  inferMethod: InferMethodSchema.optional(),
  maxCost: NonNegativeSchema.optional(),
  judge: JudgeOptionsSchema.optional(),
  earlyStop: EarlyStopOptionsSchema.optional(),
  classification: z.boolean().optional(),
  aggregate: z.function().optional(),
}

/** What `BenchmarkOverrides` may hold, checked strictly: a key it does not know is an error. */
export const OverridesSchema = z.object({ ...RunShape, ...SelectionShape, fewShot: CountSchema.optional() }).strict()

/** One ConfigError listing every problem zod found, each with the option's dotted path. */
export function optionsError(where: string, error: z.ZodError): ConfigError {
  return new ConfigError(`${where}: ${optionProblems(error).join('; ')}.`)
}

/** Checks the overrides given with a defined benchmark (its own `task` laid in), naming it. */
export function validateOverrides(name: string, options: BenchmarkOverrides): void {
  const where = `describeBenchmark("${name}")`
  const parsed = OverridesSchema.safeParse(options, PARSED_ONCE)
  if (!parsed.success) throw optionsError(where, parsed.error)
  if ((options.task === undefined) === (options.model === undefined)) {
    throw new ConfigError(`${where}: give exactly one of "task" (your function) or "model" (e.g. models.openai({ model })).`)
  }
  const method = options.inferMethod ?? 'generate'
  if (method !== 'generate' && options.model?.scoreChoices === undefined) {
    const what = options.model ? `model "${options.model.name}" cannot score choices` : 'a task function cannot score choices'
    throw new ConfigError(`${where}: inferMethod "${method}" needs a model that scores choices, such as models.openai(...); ${what}.`)
  }
  if ((options.tools !== undefined || options.maxSteps !== undefined) && options.model === undefined) {
    throw new ConfigError(
      `${where}: "tools" and "maxSteps" run a tool loop around "model"; a task runs its own agent, and returns { output, trajectory } (see fromAiSdk).`,
    )
  }
  if (options.tools !== undefined && method !== 'generate') {
    throw new ConfigError(
      `${where}: "tools" need replies to call them, and inferMethod "${method}" scores choices; use inferMethod "generate".`,
    )
  }
  if (options.maxCost !== undefined && options.model === undefined) {
    throw new ConfigError(`${where}: maxCost limits what model calls cost, so it needs "model"; a task function's cost is not known.`)
  }
}

const TaskResultSchema = z.union([
  z.string(),
  z.object({ text: z.string(), usage: UsageSchema.optional() }),
  z.object({ output: z.string(), trajectory: TrajectorySchema, usage: UsageSchema.optional() }),
])
// parsed once a sample
const taskResultParser = compiledAfter(TaskResultSchema)

/** Checks what a `task` function returned, naming the benchmark and sample when it is not a reply. */
export function parseTaskResult(name: string, sample: Sample, result: unknown): TaskResult {
  const parsed = taskResultParser.safeParse(result)
  if (parsed.success) return parsed.data
  throw new ConfigError(
    `describeBenchmark("${name}"): the task returned ${shownValue(result)} for sample "${sample.id}"; return a string, { text, usage? } or { output, trajectory, usage? }.`,
  )
}
