import type { DataRecord } from './data-record.ts'
import type { FileFormat } from './file-source.ts'

/** The file's first record, read without reading the rest; problems are left to the real load. */
export async function firstRecord(path: string, format: FileFormat): Promise<DataRecord | undefined> {
  for await (const records of format.read(path, [])) if (records.length > 0) return records[0]
  return undefined
}
