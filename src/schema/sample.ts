import { z } from 'zod'

/** One chat message, as OpenAI-compatible endpoints take them. */
export const ChatMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
})
/** One chat message, as OpenAI-compatible endpoints take them. */
export type ChatMessage = z.infer<typeof ChatMessageSchema>

/** A benchmark sample: what the model is asked, and what a right answer looks like. */
export const SampleSchema = z.object({
  /** Stable across runs: baselines, recordings and verdicts are keyed by it. */
  id: z.string().min(1),
  input: z.union([z.string(), z.array(ChatMessageSchema).min(1)]),
  /** The reference answer; absent in a reference-free sample, which only a judge can score. */
  target: z.union([z.string(), z.array(z.string())]).optional(),
  /** Option texts; the option letters are A, B, C, ... in this order. */
  choices: z.array(z.string()).min(2).max(26).optional(),
  subset: z.string().optional(),
  /** The dataset's own system message, sent instead of the benchmark's `system`. */
  system: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
})
/** A benchmark sample: what the model is asked, and what a right answer looks like. */
export type Sample = z.infer<typeof SampleSchema>

/** A sample as its test is named: its id, with `#attempt` when its benchmark repeats it. */
export function sampleLabel(sampleId: string, attempt: number | undefined): string {
  return attempt === undefined ? sampleId : `${sampleId}#${attempt}`
}
