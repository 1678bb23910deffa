/** How many characters of a call's arguments a message quotes. */
const SHOWN_ARGUMENT_CHARS = 80

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** Whether a value is a JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Whether two values are equal as JSON: key order does not count, a key whose value is undefined is absent (JSON drops
 * it), and numbers are equal by value (-0 is 0).
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]))
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = (record: Record<string, unknown>): string[] => Object.keys(record).filter((key) => record[key] !== undefined)
    const [left, right] = [keys(a), keys(b)]
    return left.length === right.length && left.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]))
  }
  return a === b
}

function written(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(written).join(', ')}]`
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined)
    if (entries.length === 0) return '{}'
    return `{ ${entries.map(([key, item]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${written(item)}`).join(', ')} }`
  }
  return JSON.stringify(value) ?? String(value)
}

/** A value as a message quotes it: JSON with bare keys (`{ q: "weather" }`), cut short with "…". */
export function shownJson(value: unknown): string {
  return shownText(written(value))
}

/** A text as a message quotes it: cut short with "…". */
export function shownText(text: string): string {
  return text.length > SHOWN_ARGUMENT_CHARS ? `${text.slice(0, SHOWN_ARGUMENT_CHARS - 1)}…` : text
}
