import { cutText } from './cut-text.ts'

/** How many characters of a value a message quotes. */
const SHOWN_CHARS = 200

/**
 * A value a user's function returned, as a message quotes it: as JSON, except what JSON cannot say (`NaN`, `Infinity`,
 * `undefined`, a function, a cycle), which is written as JavaScript writes it; a long value is cut in the middle.
 */
export function shownValue(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  let json: string | undefined
  try {
    json = JSON.stringify(value)
  } catch {
    json = undefined
  }
  return cutText(json ?? String(value), SHOWN_CHARS)
}
