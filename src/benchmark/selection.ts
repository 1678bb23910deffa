import { z } from 'zod'
import { ShardSchema, type Shard } from '../schema/index.ts'

/** Which samples of a benchmark run, in what order and how often. */
export interface SelectionOptions {
  /** Run only part of the samples: a count (`200`) or a fraction (`0.1`, rounded down), taken after the shuffle. */
  limit?: number
  /** Run only the samples of these subsets. */
  subsets?: string[]
  /** Attempts per sample, each its own test and model call, so that pass@k can be computed. @default 1 */
  repeats?: number
  /** Shuffle the samples with `seed` before taking the limit. @default false */
  shuffle?: boolean
  /** Seed of the shuffle and of few-shot examples drawn at random. @default 0 */
  seed?: number
  /** Run only shard `index` of `count` of the samples (1-based); `EVALSUITE_SHARD=i/n` shards every benchmark alike. */
  shard?: Shard
}

/** The zod shape of `SelectionOptions`, shared by every options object that accepts them. */
export const SelectionShape = {
  limit: z
    .number()
    .positive()
    .refine((limit) => limit < 1 || Number.isInteger(limit), 'must be a whole count, or a fraction between 0 and 1')
    .optional(),
  subsets: z.array(z.string().min(1)).min(1).optional(),
  repeats: z.number().int().positive().optional(),
  shuffle: z.boolean().optional(),
  seed: z.number().int().optional(),
  shard: ShardSchema.optional(),
}
