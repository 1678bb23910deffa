/** Where a record was read: the file as the user named it, and the line the record starts on. */
export interface RecordSource {
  file: string
  /** 1-based line of the record's start; absent for records that have no line (samples written inline). */
  line?: number
}

/** One raw record read from a data file, with where it came from so errors can point at it. */
export interface DataRecord extends RecordSource {
  fields: Record<string, unknown>
  /** Path prefix for field names: the record's index in a JSON array or an inline list (`[3]`). */
  path?: string
}
