import { z } from 'zod'
import { CountSchema } from './field-shapes.ts'

/**
 * A gate `earlyStop` decided before the last sample: which bound, the decision, and the confidence sequence it rests
 * on at the samples it saw (for the regression gate, of the drop from the baseline), beside the report's usual
 * interval, which is for one look at those samples.
 */
export const EarlyStopGateSchema = z.object({
  metric: z.string(),
  /** The subset whose samples alone fed it; null for the metric's overall mean and for the regression gate. */
  subset: z.string().nullable(),
  bound: z.enum(['min', 'max', 'maxDrop']),
  /** The bound's value: the threshold, or the regression gate's `maxDrop`. */
  value: z.number(),
  decision: z.enum(['pass', 'fail']),
  /** Each end at its gate's share of alpha, at every sample count at once. */
  sequence: z.object({ lower: z.number(), upper: z.number() }),
  /** The samples that fed its test: a subset's, or those the baseline also scored. */
  samples: CountSchema,
})
/** A gate `earlyStop` decided before the last sample. */
export type EarlyStopGate = z.infer<typeof EarlyStopGateSchema>
