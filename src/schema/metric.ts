import { z } from 'zod'
import { NonEmptyTextSchema, PositiveIntSchema, PositiveSchema } from './field-shapes.ts'

/** Metric names are snake_case words, so they read the same in JSON, Markdown and a terminal. */
export const METRIC_NAME = /^[a-z][a-z0-9_]*$/

/** Which way is better; `none` for what is only measured (tokens) and for undeclared metrics. */
const MetricDirectionSchema = z.enum(['higher', 'lower', 'none'])

/**
 * What a metric is: a `score` a scorer gives (it can be the benchmark's primary metric), a `usage` figure the harness
 * measures (latency, tokens, cost), or a `diagnostic`: a name the catalog does not know, shown as a bare value.
 */
const MetricKindSchema = z.enum(['score', 'usage', 'diagnostic'])

/** How a metric reads and shows: the catalog's entry for one name. */
export const MetricSemanticsSchema = z.object({
  kind: MetricKindSchema,
  direction: MetricDirectionSchema,
  /** Shown after plain numbers, e.g. "ms"; null for unitless values and percentages. */
  unit: z.string().nullable(),
  /** The values a sample can take; null ends are open. */
  range: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  display: z.enum(['percent', 'number']),
  /** Multiplier from the stored value to the shown one: 100 for a 0..1 ratio shown as a percentage. */
  scale: PositiveSchema,
  /** Decimals shown after scaling. */
  precision: z.number().int().min(0).max(6),
  description: z.string(),
})
/** How a metric reads and shows. */
export type MetricSemantics = z.infer<typeof MetricSemanticsSchema>

/**
 * A metric a user adds to the catalog (or an entry it overrides), from `evalsuite({ metricDefinitions })`. Only the
 * direction is required; a `range` of [0, 1] makes it a percentage unless `display` says otherwise.
 */
export const MetricDefinitionSchema = z
  .object({
    direction: z.enum(['higher', 'lower']),
    unit: NonEmptyTextSchema.optional(),
    range: z
      .tuple([z.number().nullable(), z.number().nullable()])
      .refine(([min, max]) => min === null || max === null || min < max, 'must be [min, max] with min < max')
      .optional(),
    display: z.enum(['percent', 'number']).optional(),
    scale: PositiveSchema.optional(),
    precision: z.number().int().min(0).max(6).optional(),
    description: z.string().optional(),
  })
  .strict()
/** A metric a user adds to the catalog. */
export type MetricDefinition = z.input<typeof MetricDefinitionSchema>

/**
 * How per-sample values become one number; `k` is a separate field, never part of a name. `corpus`: a figure of the
 * whole set of samples (macro-F1, Cohen's kappa, a benchmark's own `aggregate`), not a mean of per-sample values.
 */
export const AggregationSchema = z.enum(['mean', 'pass_at_k', 'pass_hat_k', 'majority_vote', 'corpus'])
/** How per-sample values become one number. */
export type Aggregation = z.infer<typeof AggregationSchema>

/** How a 95% interval was computed. */
const IntervalMethodSchema = z.enum([
  'wilson',
  'cluster-wilson',
  'stratified-wilson',
  't',
  'cluster-t',
  'stratified-t',
  'bootstrap',
  'bootstrap-score',
  'bounded-t',
  // the paired pass/fail interval of reports written before 'bonett-price' replaced it
  'newcombe',
  'dirichlet',
  'jaccard-wilson',
  'bonett-price',
  'bootstrap-changed-t',
])

/** A 95% confidence interval and how it was computed. */
export const IntervalSchema = z.object({
  lower: z.number(),
  upper: z.number(),
  level: z.literal(0.95),
  method: IntervalMethodSchema,
  /** For a corpus metric's bootstrap or posterior interval: how many resamples or posterior draws it was drawn from. */
  resamples: PositiveIntSchema.optional(),
})
/** A 95% confidence interval and how it was computed. */
export type Interval = z.infer<typeof IntervalSchema>
