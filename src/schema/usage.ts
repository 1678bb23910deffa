import { z } from 'zod'
import { CountSchema } from './field-shapes.ts'

/** Tokens a model call consumed. */
export const UsageSchema = z.object({
  inputTokens: CountSchema,
  outputTokens: CountSchema,
  /** Of the output tokens, those the model spent reasoning; present when the provider counts them. */
  reasoningTokens: CountSchema.optional(),
  /** Of the input tokens, those read from the provider's prompt cache; present when the provider counts them. */
  cachedInputTokens: CountSchema.optional(),
})
/** Tokens a model call consumed. */
export type Usage = z.infer<typeof UsageSchema>
