import { z } from 'zod'
import { IntervalSchema } from './metric.ts'
import { UsageSchema } from './usage.ts'
import { CountSchema, FractionSchema, NonEmptyTextSchema, NonNegativeSchema } from './field-shapes.ts'

/** Bumped on every incompatible change of the variant matrix file. */
export const VARIANT_MATRIX_VERSION = 1

/**
 * The `compare` option of a benchmark with variants: the reference variant (`against`, else the first), and the gate
 * that fails when another variant is significantly worse than it by more than `maxDrop`, at `alpha` after Holm's
 * correction for the number of comparisons.
 */
export const CompareSchema = z
  .object({
    against: NonEmptyTextSchema.optional(),
    maxDrop: NonNegativeSchema.optional(),
    alpha: z.number().gt(0).lt(1).default(0.05),
  })
  .strict()
/** The `compare` option, defaults applied. */
export type Compare = z.infer<typeof CompareSchema>

/** What a variant's benchmark suite records of the matrix it belongs to. */
export const VariantMetaSchema = z.object({
  /** The benchmark's own name, shared by its variants. */
  of: z.string(),
  /** The variant's name: its alternatives' names joined by "/", e.g. "mini/terse". */
  name: z.string(),
  /** The alternative chosen for each varied option, e.g. { model: "mini", prompt: "terse" }. */
  values: z.record(z.string(), z.string()),
  reference: z.string(),
  compare: CompareSchema,
})
/** What a variant's benchmark suite records of the matrix it belongs to. */
export type VariantMeta = z.infer<typeof VariantMetaSchema>

const ComparisonSchema = z.object({
  test: z.enum(['mcnemar', 'paired-bootstrap', 'paired-t']),
  /** Samples (and attempts) scored in both the variant and the reference. */
  n: CountSchema,
  /** The variant's mean minus the reference's, on the shared samples, in the metric's own units. */
  delta: z.number(),
  interval: IntervalSchema.nullable(),
  /** Two-sided, before and after Holm's correction over the matrix's comparisons. */
  pValue: FractionSchema,
  adjustedP: FractionSchema,
  /** The difference's interval lies above −maxDrop (below maxDrop for a lower-is-better metric); null without maxDrop. */
  nonInferior: z.boolean().nullable(),
  /** The gate's outcome: false when significantly worse by more than maxDrop; null without maxDrop. */
  passed: z.boolean().nullable(),
})

const VariantRowSchema = z.object({
  name: z.string(),
  /** The benchmark name its suite, recordings and report carry. */
  benchmark: z.string(),
  model: z.string(),
  values: z.record(z.string(), z.string()),
  n: CountSchema,
  value: z.number().nullable(),
  interval: IntervalSchema.nullable(),
  costUsd: z.number().nullable(),
  /** Cost divided by the scored samples; null when no price is known. */
  costPerSample: z.number().nullable(),
  usage: UsageSchema,
  latencyMs: z.object({ p50: z.number(), p90: z.number() }).nullable(),
  /** No other variant is at least as good on the metric and as cheap per sample, and better on one; null without costs. */
  nonDominated: z.boolean().nullable(),
  /** Against the reference; null for the reference itself, or when no sample was scored by both. */
  comparison: ComparisonSchema.nullable(),
})

/** The variants of one benchmark side by side, as written to `eval-reports/variants/<benchmark>.json`. */
export const VariantMatrixSchema = z.object({
  version: z.literal(VARIANT_MATRIX_VERSION),
  benchmark: z.string(),
  /** The eval file that declares it, relative to the project root. */
  file: z.string(),
  /** The metric compared: the reference's primary metric; null when it has none. */
  metric: z.string().nullable(),
  direction: z.enum(['higher', 'lower']).nullable(),
  reference: z.string(),
  maxDrop: z.number().nullable(),
  alpha: z.number(),
  /** false when a variant failed the compare gate; null when no gate was set or none was judged. */
  passed: z.boolean().nullable(),
  rows: z.array(VariantRowSchema),
})
/** The variants of one benchmark side by side. */
export type VariantMatrix = z.infer<typeof VariantMatrixSchema>
/** One variant's row of the matrix. */
export type VariantRow = VariantMatrix['rows'][number]
