import { z } from 'zod'

/** Tokens a model call consumed. */
export const UsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
})
/** Tokens a model call consumed. */
export type Usage = z.infer<typeof UsageSchema>
