import { z } from 'zod'
import { JudgeRecordSchema } from './judge.ts'
import { ThresholdSchema } from './task-meta.ts'
import { UsageSchema } from './usage.ts'

/** Bumped on every incompatible change of the report file. */
export const REPORT_VERSION = 1

const IntervalSchema = z.object({
  lower: z.number(),
  upper: z.number(),
  level: z.literal(0.95),
  method: z.enum(['wilson', 't']),
})

const MetricRowSchema = z.object({
  metric: z.string(),
  /** null for the whole benchmark. */
  subset: z.string().nullable(),
  n: z.number().int().nonnegative(),
  value: z.number().nullable(),
  interval: IntervalSchema.nullable(),
})

const GateSchema = z.object({
  metric: z.string(),
  threshold: ThresholdSchema,
  value: z.number().nullable(),
  passed: z.boolean(),
  reason: z.string(),
})

const SampleRowSchema = z.object({
  id: z.string(),
  subset: z.string().optional(),
  /** right and wrong are scored; errored and skipped are not in any metric. */
  status: z.enum(['right', 'wrong', 'errored', 'skipped']),
  scores: z.record(z.string(), z.number()).optional(),
  extracted: z.string().nullable().optional(),
  latencyMs: z.number().optional(),
  usage: UsageSchema.optional(),
  error: z.string().optional(),
  /** The sample's judgements: verdict, reasoning and judge models, or why there is none. */
  judge: z.array(JudgeRecordSchema).optional(),
})

const MeanAgreementSchema = z.number().min(0).max(1).nullable()

/** The judges' share of a benchmark run: their calls and tokens (apart from the model under test's) and agreement. */
const JudgeSummarySchema = z.object({
  models: z.array(z.string()),
  /** Samples a judge gave a verdict, samples left without one (errored, or scored by the rule as a fallback), and samples a rule settled. */
  judged: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  calls: z.object({ live: z.number().int().nonnegative(), stored: z.number().int().nonnegative(), invalid: z.number().int().nonnegative() }),
  usage: UsageSchema,
  /** Mean agreement over the samples where it was measured; null where it never was. */
  agreement: z.object({ repeats: MeanAgreementSchema, judges: MeanAgreementSchema, swaps: MeanAgreementSchema }),
})

/** One benchmark run against one model, as written to `eval-reports/<benchmark>.json`. */
export const ReportSchema = z.object({
  version: z.literal(REPORT_VERSION),
  benchmark: z.string(),
  model: z.string(),
  file: z.string(),
  createdAt: z.string(),
  primaryMetric: z.string(),
  passed: z.boolean(),
  counts: z.object({
    samples: z.number().int(),
    right: z.number().int(),
    wrong: z.number().int(),
    errored: z.number().int(),
    skipped: z.number().int(),
  }),
  errorBudget: z.object({ maxErrors: z.number().int(), errored: z.number().int(), passed: z.boolean() }),
  metrics: z.array(MetricRowSchema),
  gates: z.array(GateSchema),
  usage: UsageSchema,
  latencyMs: z.object({ p50: z.number(), p90: z.number(), p99: z.number() }).nullable(),
  durationMs: z.number().nullable(),
  samples: z.array(SampleRowSchema),
  judge: JudgeSummarySchema.optional(),
})
/** One benchmark run against one model. */
export type Report = z.infer<typeof ReportSchema>
