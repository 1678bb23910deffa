import { z } from 'zod'
import { MAX_REPEATS, MAX_TESTS, ShardSchema, thousands as count, NonEmptyTextSchema } from '../schema/index.ts'

/** The zod shape of `SelectionOptions`, shared by every options object that accepts them. */
export const SelectionShape = {
  /** Run only part of the samples: a count (`200`) or a fraction (`0.1`, rounded down), taken after the shuffle. */
  limit: z
    .number()
    .positive()
    .refine(
      (limit) => limit < 1 || (Number.isInteger(limit) && limit <= MAX_TESTS),
      `must be a whole count up to ${count(MAX_TESTS)}, or a fraction between 0 and 1`,
    )
    .optional(),
  /**
   * Run only the samples of these subsets (`--subset` on the command line); the subsets themselves a definition
   * declares in `subsets`.
   */
  subset: z.array(NonEmptyTextSchema).min(1).optional(),
  /** Attempts per sample, each its own test and model call, so that pass@k can be computed. @default 1 */
  repeats: z
    .number()
    .int()
    .positive()
    .max(MAX_REPEATS, `must be at most ${count(MAX_REPEATS)}`)
    .optional(),
  /**
   * OpenCompass's circular evaluation for multiple choice: each question is asked once per rotation of its options
   * (attempt i shifts them i places, the target letter with them), and is right only when every rotation is. Takes no
   * `repeats`. @default false
   */
  circular: z.boolean().optional(),
  /** Shuffle the samples with `seed` before taking the limit. @default false */
  shuffle: z.boolean().optional(),
  /** Seed of the shuffle and of few-shot examples drawn at random. @default 0 */
  seed: z.number().int().optional(),
  /** Run only shard `index` of `count` of the samples (1-based); `EVALSUITE_SHARD=i/n` shards every benchmark alike. */
  shard: ShardSchema.optional(),
}

/** Which samples of a benchmark run, in what order and how often: plain data, so its type is its schema's. */
export type SelectionOptions = z.input<z.ZodObject<typeof SelectionShape>>
