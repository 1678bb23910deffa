import { z } from 'zod'
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
  ttftMs: z.number().optional(),
  usage: UsageSchema.optional(),
  costUsd: z.number().optional(),
  /** Why a skipped sample was not run: `budget` when `maxCost` stopped the benchmark before it. */
  notRun: z.enum(['budget']).optional(),
  error: z.string().optional(),
})

const PercentilesSchema = z.object({ p50: z.number(), p90: z.number(), p99: z.number() })

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
  latencyMs: PercentilesSchema.nullable(),
  /** Time to first token, over the samples whose reply was streamed. */
  ttftMs: PercentilesSchema.nullable().optional(),
  /** Output tokens per second of the benchmark's wall time. */
  outputTokensPerSecond: z.number().nullable().optional(),
  /** What the samples' model calls cost at the model's price, in US dollars; null when no price is known. */
  costUsd: z.number().nullable().optional(),
  /** The benchmark's `maxCost`: what was spent, and how many samples it left unrun. */
  budget: z.object({ maxCostUsd: z.number(), spentUsd: z.number(), notRun: z.number().int() }).optional(),
  durationMs: z.number().nullable(),
  samples: z.array(SampleRowSchema),
})
/** One benchmark run against one model. */
export type Report = z.infer<typeof ReportSchema>
