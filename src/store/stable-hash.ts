import { createHash } from 'node:crypto'

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]))
}

/** A short hash of a JSON value that ignores the order of object keys: the key of a stored entry. */
export function stableHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(sortedKeys(value))).digest('hex').slice(0, 24)
}
