import { z } from 'zod'

/** Bumped on every incompatible change of the baseline file. */
export const BASELINE_VERSION = 1

const verdict = z.union([z.string(), z.number().finite()])

/**
 * With human labels (`judge.expected`), what the judge's corpus metrics (kappas, correlations) are recomputed
 * from on the samples a later run shares: sample id → the human label, and → each order's verdict (null: invalid reply).
 * A column each, so that every sample stays on one line of the file.
 */
const BaselineJudgeSchema = z.object({
  expected: z.record(z.string(), verdict),
  original: z.record(z.string(), verdict.nullable()),
  swapped: z.record(z.string(), verdict.nullable()).optional(),
})

/**
 * For a benchmark with corpus metrics (`classification`, `aggregate`), what they are recomputed from on the
 * samples a later run shares: sample id → the answer read (null: none) and → the target. A column each, as for judges.
 */
const BaselineAnswersSchema = z.object({
  answer: z.record(z.string(), z.string().nullable()),
  target: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
})

/**
 * One model's per-sample scores: metric name → sample id → score (the mean over attempts when samples repeat), and
 * what its judge was measured on, and the answers its corpus metrics are recomputed from. A file written before
 * `judge` or `answers` existed reads as one without them.
 */
const BaselineModelSchema = z.object({
  metrics: z.record(z.string(), z.record(z.string(), z.number().finite())),
  judge: BaselineJudgeSchema.optional(),
  answers: BaselineAnswersSchema.optional(),
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
