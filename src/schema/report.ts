import { z } from 'zod'
import { JudgeRecordSchema } from './judge.ts'
import { MetricSemanticsSchema } from './metric.ts'
import { ComparisonSchema, MetricRowSchema } from './metric-row.ts'
import { EarlyStopGateSchema } from './early-stop-gate.ts'
import { CheckSchema } from './task-meta.ts'
import { TrajectorySchema } from './trajectory.ts'
import { UsageSchema } from './usage.ts'
import { CountSchema, FractionSchema, PositiveIntSchema } from './field-shapes.ts'

/** Bumped on every incompatible change of the report file. */
export const REPORT_VERSION = 7

const BaselineComparisonSchema = z.object({
  /** The baseline file, relative to the project root. */
  file: z.string(),
  /** False when the file, or this model's entry in it, does not exist. */
  found: z.boolean(),
  /** This run rewrote it (`vitest run -u`). */
  updated: z.boolean(),
  /** Samples scored now and present in the baseline. */
  shared: CountSchema,
  /** Scored now, absent from the baseline. */
  newSamples: z.array(z.string()),
  /** In the baseline, not scored now. */
  missingSamples: z.array(z.string()),
  metrics: z.array(ComparisonSchema),
})

/** null: not evaluated, as in a run that holds only some shards of the benchmark's samples; `reason` says which. */
const GatePassedSchema = z.boolean().nullable()

const ThresholdGateSchema = z.object({
  kind: z.literal('threshold'),
  metric: z.string(),
  subset: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  value: z.number().nullable(),
  passed: GatePassedSchema,
  reason: z.string(),
})

const RegressionGateSchema = z.object({
  kind: z.literal('regression'),
  /** null when the benchmark has no primary metric to watch. */
  metric: z.string().nullable(),
  maxDrop: z.number(),
  alpha: z.number(),
  delta: z.number().nullable(),
  pValue: z.number().nullable(),
  /** Why it passed or failed, or that it was not evaluated, as data; `reason` says the same in words. */
  outcome: z.enum([
    'no-metric',
    'no-direction',
    'updating',
    'no-baseline',
    'no-drop',
    'within-max-drop',
    'not-significant',
    'regressed',
    'not-evaluated',
  ]),
  passed: GatePassedSchema,
  reason: z.string(),
})

const DiagnosticSchema = z.object({
  /** An error fails the benchmark; a warning is shown. */
  severity: z.enum(['error', 'warning']),
  code: z.enum([
    'primary-metric-ambiguous',
    'primary-metric-undeclared',
    'baseline-invalid',
    'errored-test-failed',
    'undeclared-metric',
    'small-sample',
    'attempts-excluded',
    'aggregate-sharded',
  ]),
  message: z.string(),
})

const SampleRowSchema = z.object({
  id: z.string(),
  /** 0-based attempt index when the benchmark repeats samples. */
  attempt: CountSchema.optional(),
  subset: z.string().optional(),
  /** right and wrong are scored; errored and skipped are not in any metric. */
  status: z.enum(['right', 'wrong', 'errored', 'skipped']),
  /**
   * The sample's input as text (a conversation as `[role] content` lines), its target and the reply. A text over
   * 2,000 characters is cut to 2,000: its start and its end with `...[N characters cut]...` between; check texts likewise.
   */
  input: z.string().optional(),
  target: z.union([z.string(), z.array(z.string())]).optional(),
  output: z.string().optional(),
  /**
   * What an agent did, step by step: each model turn's text and tool calls, each tool's result, time and usage, and
   * why the loop ended. Texts and arguments are cut to 2,000 characters as above, tool results to 1,000.
   */
  trajectory: TrajectorySchema.optional(),
  scores: z.record(z.string(), z.number()).optional(),
  /** The answer the first failed check read (or the first check's, when none failed). */
  extracted: z.string().nullable().optional(),
  /** Each `toMatchAnswer` call or default check: kind, pass, target, what it read and from which passage, why. */
  checks: z.array(CheckSchema).optional(),
  latencyMs: z.number().optional(),
  ttftMs: z.number().optional(),
  usage: UsageSchema.optional(),
  costUsd: z.number().optional(),
  /**
   * Why a skipped sample was not run: `cost-limit` when `maxCost` stopped the benchmark before it, `early-stop` when
   * every gate was decided before it.
   */
  notRun: z.enum(['cost-limit', 'early-stop']).optional(),
  error: z.string().optional(),
  /** The sample's judgements: verdict, reasoning and judge models, or why there is none. */
  judge: z.array(JudgeRecordSchema).optional(),
})

const MeanAgreementSchema = FractionSchema.nullable()

/** Counts of samples by human label (outer key) and verdict (inner key; "none" for an invalid reply). */
const ConfusionSchema = z.record(z.string(), z.record(z.string(), CountSchema))

/** The judges' share of a benchmark run: their calls, tokens and cost (apart from the model under test's) and agreement. */
const JudgeSummarySchema = z.object({
  models: z.array(z.string()),
  /**
   * Samples a judge gave a verdict, samples left without one (errored, or scored by the rule as a fallback), and
   * samples a rule settled.
   */
  judged: CountSchema,
  invalid: CountSchema,
  skipped: CountSchema,
  calls: z.object({
    live: CountSchema,
    stored: CountSchema,
    invalid: CountSchema,
  }),
  usage: UsageSchema,
  /** What the judge calls of this run cost at the judges' prices, in US dollars; null when no judge has a price. */
  costUsd: z.number().nullable().optional(),
  /** Mean agreement over the samples where it was measured; null where it never was. */
  agreement: z.object({ repeats: MeanAgreementSchema, judges: MeanAgreementSchema, swaps: MeanAgreementSchema }),
  /** With human labels for a labels or pairwise judge (`judge.expected`): the confusion matrix of each order asked. */
  confusion: z.object({ original: ConfusionSchema, swapped: ConfusionSchema.optional() }).optional(),
})

const PercentilesSchema = z.object({ p50: z.number(), p90: z.number(), p99: z.number() })

/** One benchmark run against one model, as written to `eval-reports/<benchmark>.json`. */
export const ReportSchema = z.object({
  version: z.literal(REPORT_VERSION),
  benchmark: z.string(),
  model: z.string(),
  file: z.string(),
  createdAt: z.string(),
  /** The benchmark's primary metric; null when it emits none, or several without naming one. */
  primaryMetric: z.string().nullable(),
  /**
   * false when a gate failed or a real error did (errored samples past `maxErrors`, an error diagnostic, an
   * interrupted run, a merge lacking a shard); null when the report holds only some shards of the benchmark's samples
   * and no real error failed it: its gates are evaluated once every shard is merged.
   */
  passed: z.boolean().nullable(),
  counts: z.object({ samples: CountSchema, right: CountSchema, wrong: CountSchema, errored: CountSchema, skipped: CountSchema }),
  /** Present when the benchmark repeats each sample: attempts per sample, and how many samples. */
  repeats: z.object({ attempts: PositiveIntSchema, samples: CountSchema }).nullable(),
  /** The benchmark's `maxErrors`: the errored samples it allows, and how many errored. */
  errorAllowance: z.object({ maxErrors: CountSchema, errored: CountSchema, passed: z.boolean() }),
  /** What each metric in `metrics` means: direction, unit, range, how to show it. */
  catalog: z.record(z.string(), MetricSemanticsSchema),
  metrics: z.array(MetricRowSchema),
  baseline: BaselineComparisonSchema.nullable(),
  gates: z.array(z.discriminatedUnion('kind', [ThresholdGateSchema, RegressionGateSchema])),
  diagnostics: z.array(DiagnosticSchema),
  usage: UsageSchema,
  latencyMs: PercentilesSchema.nullable(),
  /** Time to first token, over the samples whose reply was streamed. */
  ttftMs: PercentilesSchema.nullable().optional(),
  /** Output tokens per second of the benchmark's wall time; null when any reply was replayed from a recording. */
  outputTokensPerSecond: z.number().nullable().optional(),
  /** What the samples' model calls cost at the model's price, in US dollars; null when no price is known. */
  costUsd: z.number().nullable().optional(),
  /** The benchmark's `maxCost` (US dollars): what was spent, and how many samples it left unrun. */
  costLimit: z.object({ maxCost: z.number(), spentUsd: z.number(), notRun: z.number().int() }).optional(),
  /**
   * Set when `earlyStop` decided every gate before the last sample: why, how many samples it left unrun, what their
   * calls would have cost at the mean cost of the samples that ran (null when no cost is known), and each gate's
   * decision with its confidence sequence.
   */
  earlyStop: z
    .object({ reason: z.string(), notRun: z.number().int(), savedUsd: z.number().nullable(), gates: z.array(EarlyStopGateSchema) })
    .optional(),
  durationMs: z.number().nullable(),
  /** For a benchmark whose samples were sharded: the shard count, and the shards this report holds (all, once merged). */
  shards: z.object({ count: PositiveIntSchema, merged: z.array(PositiveIntSchema) }).optional(),
  samples: z.array(SampleRowSchema),
  judge: JudgeSummarySchema.optional(),
})
/** One benchmark run against one model. */
export type Report = z.infer<typeof ReportSchema>
/** One row of a report's metric table. */
export type MetricRow = Report['metrics'][number]
/** A report's comparison of one metric with the baseline. */
export type Comparison = z.infer<typeof ComparisonSchema>
/** A report's comparison with its baseline file. */
export type BaselineComparison = z.infer<typeof BaselineComparisonSchema>
/** One gate's outcome. */
export type Gate = Report['gates'][number]
/** Something the reader of a report must know: an error fails the benchmark. */
export type Diagnostic = z.infer<typeof DiagnosticSchema>
