import type { z } from 'zod'
import { replyPreview } from './reply-preview.ts'

/** A judge reply read as a verdict, or why it is not one. */
export type ParsedVerdict<V> = { valid: true; verdict: V } | { valid: false; reason: string }

const REASONING_BLOCK = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi
const OPENING = /<(think|thinking|reasoning)>/i
const CLOSING = /<\/(think|thinking|reasoning)>/gi
const FENCE = /^```[A-Za-z]*[ \t]*\n([\s\S]*?)\n?[ \t]*```$/

// some servers strip a reasoning block's opening tag and leave its end; what precedes a lone end is reasoning too
function withoutReasoning(reply: string): string | undefined {
  const text = reply.replace(REASONING_BLOCK, '')
  if (OPENING.test(text)) return undefined
  const ends = [...text.matchAll(CLOSING)]
  const last = ends.at(-1)
  return last === undefined ? text : text.slice(last.index + last[0].length)
}

/** How many top-level `{…}` spans a text holds, reading strings inside them with their escapes. */
function countObjects(text: string): number {
  let depth = 0
  let inString = false
  let escaped = false
  let count = 0
  for (const char of text) {
    if (inString) {
      if (escaped) escaped = false
      else if (char === '\\') escaped = true
      else if (char === '"') inString = false
    } else if (char === '"' && depth > 0) inString = true
    else if (char === '{') depth++
    else if (char === '}' && depth > 0 && --depth === 0) count++
  }
  return count
}

/**
 * Reads a judge reply strictly: exactly one JSON object, optionally in a code fence, after any reasoning blocks
 * (`<think>…</think>`) are set aside. Prose, text around the object, several objects, or a verdict that does not
 * match the schema make the reply invalid, never a guess.
 */
export function parseVerdict<V>(reply: string, schema: z.ZodType<V>): ParsedVerdict<V> {
  const stripped = withoutReasoning(reply)
  if (stripped === undefined) return { valid: false, reason: 'a reasoning block is never closed' }
  let body = stripped.trim()
  const fenced = FENCE.exec(body)
  if (fenced) body = fenced[1]!.trim()
  if (body === '') return { valid: false, reason: 'the reply is empty' }
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch (error) {
    const objects = countObjects(body)
    if (objects === 0) return { valid: false, reason: `no JSON object in the reply ${replyPreview(body)}` }
    if (objects > 1) return { valid: false, reason: `${objects} JSON objects in the reply; exactly one is expected` }
    if (!body.startsWith('{') || !body.endsWith('}')) return { valid: false, reason: 'text outside the JSON object' }
    return { valid: false, reason: `not valid JSON (${(error as Error).message})` }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { valid: false, reason: `the reply is JSON but not an object: ${replyPreview(body)}` }
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) =>
      issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
    )
    return { valid: false, reason: `the verdict does not match its schema (${issues.join('; ')})` }
  }
  return { valid: true, verdict: parsed.data }
}
