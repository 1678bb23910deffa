import { z } from 'zod'

/** Tokens a model call consumed. */
export const UsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** Of the output tokens, those the model spent reasoning; present when the provider counts them. */
  reasoningTokens: z.number().int().nonnegative().optional(),
  /** Of the input tokens, those read from the provider's prompt cache; present when the provider counts them. */
  cachedInputTokens: z.number().int().nonnegative().optional(),
})
/** Tokens a model call consumed. */
export type Usage = z.infer<typeof UsageSchema>
