import { z } from 'zod'
import { CountSchema, NonEmptyTextSchema, NonNegativeSchema, PositiveIntSchema } from './field-shapes.ts'

/**
 * One recorded tool call: one line of a benchmark's tool recording file (`<benchmark>.tools.jsonl` beside its model
 * recordings), keyed by a hash of the sample, attempt, step, tool and arguments, so that a repeated call is not confused.
 */
export const ToolRecordingSchema = z.object({
  key: NonEmptyTextSchema,
  sample: z.string(),
  /** The attempt of a repeated sample; absent for a sample run once. */
  attempt: CountSchema.optional(),
  /** The step of the loop that made the call, from 1. */
  step: PositiveIntSchema,
  tool: NonEmptyTextSchema,
  /** The arguments as the model wrote them, parsed. */
  arguments: z.unknown(),
  /** What the tool gave back: the text sent to the model, and the error when it threw or timed out. */
  result: z.object({ output: z.string(), error: z.string().optional(), durationMs: NonNegativeSchema }),
})
/** One recorded tool call. */
export type ToolRecording = z.infer<typeof ToolRecordingSchema>
