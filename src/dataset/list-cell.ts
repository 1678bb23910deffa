/**
 * A CSV or TSV cell that holds a JSON list of strings (EvalScope's TSV files write a question's options so, as
 * `["School", "Hospital", ...]`), as that list; any other value as it is.
 */
export function listCell(value: unknown): unknown {
  if (typeof value !== 'string' || !value.startsWith('[') || !value.endsWith(']')) return value
  try {
    const list: unknown = JSON.parse(value)
    return Array.isArray(list) && list.every((item) => typeof item === 'string') ? list : value
  } catch {
    return value
  }
}
