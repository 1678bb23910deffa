import { z } from 'zod'
import { AggregationSchema, IntervalSchema } from './metric.ts'
import { CountSchema, FractionSchema, PositiveIntSchema } from './field-shapes.ts'

/** One aggregated row of one metric in a report. */
export const MetricRowSchema = z.object({
  metric: z.string(),
  /** `mean` too for a corpus metric (a kappa, a correlation), the benchmark's one row of that metric. */
  aggregation: AggregationSchema,
  /** Attempts per sample that `pass_at_k`, `pass_hat_k` and `majority_vote` look at; null for the mean. */
  k: PositiveIntSchema.nullable(),
  /** null for the whole benchmark. */
  subset: z.string().nullable(),
  /** `micro`: every sample weighs the same; `macro`: every subset weighs the same (whole-benchmark rows only). */
  averaging: z.enum(['micro', 'macro']),
  /** How many values entered: samples, attempts (a mean over repeats), or samples with k attempts (k aggregations). */
  n: CountSchema,
  /** Distinct samples among them; the interval counts these as the independent units. */
  samples: CountSchema,
  /** Samples left out of a k aggregation because fewer than k of their attempts were scored. */
  excluded: CountSchema,
  value: z.number().nullable(),
  interval: IntervalSchema.nullable(),
  /** Why there is no interval ("one sample"), when there is none: a figure without one is no certainty. */
  noInterval: z.string().optional(),
  /** Fewer samples than a difference of a few points needs: the interval is wide. */
  smallSample: z.boolean(),
})

/** One metric of a run against its baseline. */
export const ComparisonSchema = z.object({
  metric: z.string(),
  /**
   * McNemar's exact test when every score on both sides is 0 or 1; otherwise a paired bootstrap, or the paired t-test
   * beyond 5,000 samples, where the two agree and resampling would be slow. A corpus metric (a judge's kappa
   * or correlation) is always a paired bootstrap, recomputing it on both sides of each resample of the samples.
   */
  test: z.enum(['mcnemar', 'paired-bootstrap', 'paired-t']),
  /** Samples scored in both runs. */
  n: CountSchema,
  /** Means over those shared samples, or the corpus metric computed on them. */
  baseline: z.number(),
  current: z.number(),
  /** current − baseline, in the metric's own units. */
  delta: z.number(),
  interval: IntervalSchema.nullable(),
  /** Two-sided. */
  pValue: FractionSchema,
  /**
   * Shared samples whose score got worse (lower, or higher for a lower-is-better metric) and better; for a kappa, whose
   * two ratings stopped or started agreeing, for a correlation, whose grade moved away from or towards the human score.
   */
  worse: CountSchema,
  better: CountSchema,
})
