import { z } from 'zod'
import { imagePartsOf, MediaMessageSchema } from './chat-message.ts'
import { NonEmptyTextSchema } from './field-shapes.ts'

/** A benchmark sample: what the model is asked, and what a right answer looks like. */
export const SampleSchema = z.object({
  /** Stable across runs: baselines, recordings and verdicts are keyed by it. */
  id: NonEmptyTextSchema,
  /** The question as text, or a conversation whose messages may hold image parts. */
  input: z.union([z.string(), z.array(MediaMessageSchema).min(1)]),
  /** The reference answer; absent in a reference-free sample, which only a judge can score. */
  target: z.union([z.string(), z.array(z.string())]).optional(),
  /** Option texts; the option letters are A, B, C, ... in this order. */
  choices: z.array(z.string()).min(2).max(26).optional(),
  subset: z.string().optional(),
  /**
   * Images for a text input (an http(s) URL or a `data:` URI each), sent with the user message built from it: at its
   * `<image N>` markers, or after the text when it has none.
   */
  images: z.array(NonEmptyTextSchema).min(1).optional(),
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

/** How many images a sample sends: its `images`, and the image parts of its messages. */
export function imageCountOf(sample: Sample): number {
  return (sample.images?.length ?? 0) + (typeof sample.input === 'string' ? 0 : imagePartsOf(sample.input).length)
}
