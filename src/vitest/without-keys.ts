import { redactKeys, redactKeysInPlace } from '../store/index.ts'

// the fields of an error that Vitest's reporters show or write: its text, its stack, the diff of an assertion, its cause
const SHOWN_FIELDS = ['message', 'stack', 'actual', 'expected', 'cause'] as const

function withoutKeysInError(error: unknown, depth = 0): unknown {
  if (typeof error === 'string') return redactKeys(error)
  if (error === null || typeof error !== 'object' || depth > 3) return error
  const fields = error as Record<string, unknown>
  for (const field of SHOWN_FIELDS) {
    const value = fields[field]
    const clean = field === 'cause' ? withoutKeysInError(value, depth + 1) : typeof value === 'string' ? redactKeys(value) : value
    if (clean === value) continue
    try {
      fields[field] = clean
    } catch {
      // a field that cannot be set (a DOMException's message): the error is replaced by a masked copy of its text
      return new Error(redactKeys(String(fields.message)))
    }
  }
  return error
}

/**
 * Runs a test's body so that no key reaches Vitest from it, whatever the body met on the way (a task's own reply, a
 * judge's): its meta (the JSON, JUnit and html reporters write it) and the error it ends with are masked before
 * Vitest reads them. The model layer masks replies as they arrive; this is the last guard before Vitest.
 */
export async function withoutKeys(meta: object, body: () => Promise<void>): Promise<void> {
  try {
    await body()
  } catch (error) {
    throw withoutKeysInError(error)
  } finally {
    redactKeysInPlace(meta)
  }
}
