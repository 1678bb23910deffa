import { z } from 'zod'

/** Bumped on every incompatible change of the baseline file. */
export const BASELINE_VERSION = 1

/** One model's per-sample scores: metric name → sample id → score (the mean over attempts when samples repeat). */
const BaselineModelSchema = z.object({
  metrics: z.record(z.string(), z.record(z.string(), z.number().finite())),
})

/**
 * A benchmark's committed baseline, `evals/__baselines__/<benchmark>.json`, written by `vitest run -u`: deterministic
 * text with sorted keys, one sample per line, so a pull request shows which samples changed.
 */
export const BaselineSchema = z
  .object({
    version: z.literal(BASELINE_VERSION),
    benchmark: z.string(),
    models: z.record(z.string(), BaselineModelSchema),
  })
  .strict()
/** A benchmark's committed baseline. */
export type Baseline = z.infer<typeof BaselineSchema>
