/** One raw record read from a data file, with where it came from so errors can point at it. */
export interface DataRecord {
  fields: Record<string, unknown>
  file: string
  /** 1-based line of the record's start, where the format has lines. */
  line?: number
  /** Path prefix for field names where the format has no lines (JSON: `[3]`). */
  path?: string
}
