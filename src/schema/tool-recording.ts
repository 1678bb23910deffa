import { z } from 'zod'

/**
 * One recorded tool call: one line of a benchmark's tool recording file (`<benchmark>.tools.jsonl` beside its model
 * recordings), keyed by a hash of the sample, attempt, step, tool and arguments, so that a repeated call is not confused.
 */
export const ToolRecordingSchema = z.object({
  key: z.string().min(1),
  sample: z.string(),
  /** The attempt of a repeated sample; absent for a sample run once. */
  attempt: z.number().int().nonnegative().optional(),
  /** The step of the loop that made the call, from 1. */
  step: z.number().int().positive(),
  tool: z.string().min(1),
  /** The arguments as the model wrote them, parsed. */
  arguments: z.unknown(),
  /** What the tool gave back: the text sent to the model, and the error when it threw or timed out. */
  result: z.object({ output: z.string(), error: z.string().optional(), durationMs: z.number().nonnegative() }),
})
/** One recorded tool call. */
export type ToolRecording = z.infer<typeof ToolRecordingSchema>
