import type { z } from 'zod'
import { ConfigError, errorMessage } from '../errors.ts'
import { cutText, shownValue } from '../schema/index.ts'
import type { ParsedVerdict } from './parse-verdict.ts'
import { replyPreview } from './reply-preview.ts'

/** Reads a judge's reply in the user's own format: the verdict, or null when the reply holds none. */
export type ParseReply<T> = (reply: string) => T | null

// a schema's message may quote the value it refused, which a reply can make megabytes long
const ISSUE_CHARS = 300

/**
 * Wraps a definition's `parseReply` as a case's reply reader: its verdict goes in `field` and is checked against the
 * case's schema, so a label the definition does not know, or a grade off its scale, is an invalid reply like null.
 */
export function replyReader<V>(
  parseReply: unknown,
  field: string,
  schema: z.ZodType<V>,
  where: string,
): ((reply: string) => ParsedVerdict<V>) | undefined {
  if (parseReply === undefined) return undefined
  if (typeof parseReply !== 'function')
    throw new ConfigError(`${where}: "parseReply" must be a function (reply: string) => verdict | null.`)
  return (reply) => {
    let value: unknown
    try {
      value = parseReply(reply)
    } catch (error) {
      // a bug in the user's function, not a judge that answered badly: it errs the sample instead of counting as invalid
      throw new ConfigError(`${where}: parseReply threw on the reply ${replyPreview(reply)}: ${errorMessage(error)}`)
    }
    if (value === null) return { valid: false, reason: `parseReply read no verdict in the reply ${replyPreview(reply)}` }
    const parsed = schema.safeParse({ [field]: value })
    if (parsed.success) return { valid: true, verdict: parsed.data }
    // the schema's own check and a definition's refinement say the same thing twice: the first says it
    return {
      valid: false,
      reason: `parseReply returned ${shownValue(value)}, which is not a verdict (${cutText(parsed.error.issues[0]!.message, ISSUE_CHARS)})`,
    }
  }
}
