import { z } from 'zod'
import { compiledAfter } from './compiled.ts'
import { plainSampleMeta } from './plain-sample-meta.ts'
import { shownValue } from './shown-value.ts'
import { EarlyStopGateSchema } from './early-stop-gate.ts'
import { ComparisonSchema, MetricRowSchema } from './metric-row.ts'
import { JudgeRecordSchema } from './judge.ts'
import { UsageSchema } from './usage.ts'
import { VariantMetaSchema } from './variant.ts'
import { CountSchema, FractionSchema, NonEmptyTextSchema, NonNegativeSchema, PositiveIntSchema } from './field-shapes.ts'

const BoundsSchema = z
  .object({ min: z.number().optional(), max: z.number().optional() })
  .strict()
  .refine((t) => t.min !== undefined || t.max !== undefined, 'needs "min" or "max"')

/** Bounds on one subset's score: a bare number is a floor. */
export const SubsetThresholdSchema = z.union([z.number(), BoundsSchema])

/**
 * A gate on one metric: the benchmark fails when the overall score leaves [min, max], or when a subset named in
 * `subsets` leaves its own bounds.
 */
export const ThresholdSchema = z.union([
  z.number(),
  z
    .object({
      min: z.number().optional(),
      max: z.number().optional(),
      subsets: z.record(z.string(), SubsetThresholdSchema).optional(),
    })
    .strict()
    .refine((t) => t.min !== undefined || t.max !== undefined || t.subsets !== undefined, 'needs "min", "max" or "subsets"'),
])
/** A gate on one metric: a bare number is a floor. */
export type Threshold = z.infer<typeof ThresholdSchema>

/**
 * A gate against the committed baseline: it fails only when the metric got worse by more than `maxDrop` (in the
 * metric's own units: 0.02 is 2 points of accuracy) and a paired test finds the change significant at `alpha`.
 */
export const RegressionSchema = z
  .object({
    maxDrop: NonNegativeSchema,
    alpha: z.number().gt(0).lt(1).default(0.05),
    /** The metric it watches; the benchmark's primary metric when absent. */
    metric: NonEmptyTextSchema.optional(),
  })
  .strict()
/** A gate against the committed baseline. */
export type Regression = z.infer<typeof RegressionSchema>

// each message says the rule and what was given: NaN, Infinity and 1.5 all fail a whole number, each its own way
const rule = (text: string): { error: (issue: { input?: unknown }) => string } => ({
  error: (issue) => `${text}; received ${shownValue(issue.input)}`,
})
const ALPHA_RULE = rule('must be a number above 0 and below 1, such as 0.05')
const MIN_SAMPLES_RULE = rule('must be a whole number of at least 1, such as 100')

/**
 * The `earlyStop` option of a benchmark (and the plugin's default for it): `true`, or the chance of a wrong decision
 * (shared among the benchmark's gates) and the samples to see before deciding.
 */
export const EarlyStopOptionsSchema = z.union(
  [
    z.boolean(),
    z
      .object({
        alpha: z.number(ALPHA_RULE).gt(0, ALPHA_RULE).lt(1, ALPHA_RULE).optional(),
        minSamples: z.number(MIN_SAMPLES_RULE).int(MIN_SAMPLES_RULE).positive(MIN_SAMPLES_RULE).optional(),
      })
      .strict(),
  ],
  rule('must be true, false or { alpha?, minSamples? }'),
)
/** The `earlyStop` option: `true`, or `{ alpha?, minSamples? }`. */
export type EarlyStopOptions = z.infer<typeof EarlyStopOptionsSchema>

/** What a benchmark suite records for the reporter; lives under `meta.evalsuite` of the suite. */
export const BenchmarkMetaSchema = z.object({
  kind: z.literal('benchmark'),
  name: z.string(),
  model: z.string(),
  /** Absent when the benchmark names none; the reporter then takes the only score metric it emits. */
  primaryMetric: z.string().optional(),
  thresholds: z.record(z.string(), ThresholdSchema),
  regression: RegressionSchema.optional(),
  maxErrors: CountSchema,
  /** Wall time of the benchmark's sample tests, from the first model call to the last score. */
  durationMs: NonNegativeSchema.optional(),
  /** Attempts per sample when the benchmark repeats its samples: each sample's tests carry `attempt` 0..repeats-1. */
  repeats: z.number().int().min(2).optional(),
  /** Set when this run holds one shard of the benchmark's samples (EVALSUITE_SHARD or the `shard` option). */
  shard: z.object({ index: PositiveIntSchema, count: PositiveIntSchema }).optional(),
  /** The benchmark's `maxCost` in US dollars: spending on model calls stops before it would be exceeded. */
  maxCost: NonNegativeSchema.optional(),
  /** What the benchmark's live model calls cost, when it has a `maxCost` to hold them to. */
  spentUsd: NonNegativeSchema.optional(),
  /**
   * Set when `earlyStop` skipped the samples left, once every gate was decided: why ("decided after 212 of 2,000
   * samples: …"), and the gates it decided with the confidence sequences the decisions rest on; the report's
   * `earlyStop` adds what it saved.
   */
  earlyStop: z.object({ reason: z.string(), gates: z.array(EarlyStopGateSchema) }).optional(),
  /** The benchmark's `classification` option: per-label precision, recall and F1 and Cohen's kappa of its answers. */
  classification: z.literal(true).optional(),
  /** Circular evaluation: the rotations of each question's options, whose `circular_accuracy` is a figure of the set. */
  circular: z.number().int().min(2).optional(),
  /**
   * What the benchmark's own `aggregate` gave, computed in the worker (where the function is) by its gate tests: its
   * rows and its comparisons with the baseline. A function cannot reach the reporter, so this is how they do, except
   * in a merge of shards, whose reporter imports the function from the eval file and runs it on the merged samples.
   */
  corpus: z.object({ rows: z.array(MetricRowSchema), comparisons: z.array(ComparisonSchema) }).optional(),
  /** Set for one variant of a benchmark with `variants`: the matrix it is a row of. */
  variant: VariantMetaSchema.optional(),
})
/** What a benchmark suite records for the reporter. */
export type BenchmarkMeta = z.infer<typeof BenchmarkMetaSchema>

/** One matcher call inside a sample's scorer. */
export const CheckSchema = z.object({
  matcher: z.string(),
  kind: z.string(),
  pass: z.boolean(),
  target: z.union([z.string(), z.array(z.string())]),
  extracted: z.string().nullable(),
  /** The part of the output the answer was read from, for the reviewer. */
  passage: z.string().nullable(),
  explanation: z.string(),
  /** The check's partial credit (0 to 1), when its matcher gives one: `choice` with `partialCredit`. */
  credit: FractionSchema.optional(),
  /**
   * A failed `exact` check whose reply holds the target in another form: the answer option that reads it (as written
   * in an eval file) and what that reading finds.
   */
  hint: z.object({ answer: z.string(), explanation: z.string() }).optional(),
  /** A `code` check's run of the program in the sandbox: how it ended and how long it took. */
  execution: z
    .object({
      outcome: z.enum(['passed', 'failed', 'errored', 'timed-out', 'out-of-memory', 'output-too-large']),
      durationMs: NonNegativeSchema,
    })
    .optional(),
  /**
   * A `trajectory` check's count of calls: expected, made, and paired one to one whatever the order; what
   * `tool_precision` and `tool_recall` read.
   */
  toolCalls: z.object({ expected: CountSchema, made: CountSchema, matched: CountSchema }).optional(),
})
/** One matcher call inside a sample's scorer. */
export type Check = z.infer<typeof CheckSchema>

/** What a sample test records for the reporter; lives under `meta.evalsuite` of the test. */
export const SampleMetaSchema = z.object({
  kind: z.literal('sample'),
  sampleId: z.string(),
  /** 0-based attempt index when the benchmark repeats each sample k times; the attempts share `sampleId`. */
  attempt: CountSchema.optional(),
  subset: z.string().optional(),
  /** `pending` until the test records its outcome: a test that never got there (a timeout) stays pending. */
  status: z.enum(['pending', 'scored', 'errored']),
  scores: z.record(z.string(), z.number().finite()).optional(),
  checks: z.array(CheckSchema).optional(),
  /** The judgements of this sample, one per `toPassJudge` call or benchmark judge. */
  judge: z.array(JudgeRecordSchema).optional(),
  /** The sample's input as text (a conversation as `[role] content` lines), cut as `cutText` cuts. */
  input: z.string().optional(),
  /** The sample's target, each accepted answer cut as `cutText` cuts. */
  target: z.union([z.string(), z.array(z.string())]).optional(),
  /** The reply, cut as `cutText` cuts. */
  output: z.string().optional(),
  /**
   * What an agent did, step by step (tools, a conversation's turns, a task's trajectory), cut as `cutTrajectory` cuts
   * (texts and arguments to 2,000 characters, tool results to 1,000), as JSON text: see `trajectoryText`.
   */
  trajectory: z.string().optional(),
  latencyMs: NonNegativeSchema.optional(),
  /** The reply came from a recording: its latency is the recorded call's, and it took no time in this run. */
  replayed: z.literal(true).optional(),
  /** Time to the first token of a streamed reply. */
  ttftMs: NonNegativeSchema.optional(),
  usage: UsageSchema.optional(),
  /** What the reply cost at the model's price, in US dollars; absent when the model has no price. */
  costUsd: NonNegativeSchema.optional(),
  /** For `inferMethod` "logprobs" and "ppl": each option's log-probability, null where the endpoint gave none. */
  choiceLogprobs: z.array(z.number().nullable()).optional(),
  /**
   * Why the sample was not run: `cost-limit` when `maxCost` stopped the benchmark before it, `early-stop` when every
   * gate was decided before it.
   */
  notRun: z.enum(['cost-limit', 'early-stop']).optional(),
  error: z.string().optional(),
})
/** What a sample test records for the reporter. */
export type SampleMeta = z.infer<typeof SampleMetaSchema>

// the records of a large run are parsed one per sample at its end: compiled once some hundreds have been
const sampleMetaParser = compiledAfter(SampleMetaSchema)

/**
 * A test's evalsuite entry parsed as a sample record. The copy is not cached: the main process would hold every
 * sample twice while the tests run, which is when its memory peaks; each reader parses again instead.
 */
export function parseSampleMeta(entry: unknown): z.ZodSafeParseResult<SampleMeta> {
  const plain = plainSampleMeta(entry)
  return plain === undefined ? sampleMetaParser.safeParse(entry) : { success: true, data: plain }
}

/** What a gate test records: the gate of its benchmark it judges, named as the test is. */
export const GateMetaSchema = z.object({ kind: z.literal('gate'), gate: z.string() })
/** What a gate test records. */
export type GateMeta = z.infer<typeof GateMetaSchema>

/** Everything evalsuite stores in Vitest's task meta, under one key. */
export type EvalsuiteMeta = BenchmarkMeta | SampleMeta | GateMeta

/** A scored sample is wrong when its accuracy is 0; continuous scores alone never make it wrong. */
export function isWrongAnswer(scores: Readonly<Record<string, number>>): boolean {
  return scores.accuracy === 0
}

/** The task meta key; Vitest reserves `benchmark` and `typecheck`, so everything of ours lives under this one. */
export const META_KEY = 'evalsuite'

/**
 * The evalsuite entry of a Vitest task's meta object, for the code that wrote it. Vitest declares `TaskMeta` in a
 * package that its next major no longer publishes, so we reach the entry by key instead of augmenting the type.
 */
export function evalsuiteMetaOf(meta: object): EvalsuiteMeta | undefined {
  return (meta as Record<string, EvalsuiteMeta | undefined>)[META_KEY]
}

/** The sample entry a benchmark test was declared with; a test without one is not a benchmark sample. */
export function sampleMetaOf(meta: object): SampleMeta | undefined {
  const entry = evalsuiteMetaOf(meta)
  return entry?.kind === 'sample' ? entry : undefined
}
