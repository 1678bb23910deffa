import type { DataRecord } from './data-record.ts'
import { isFolder } from './file-list.ts'
import type { FileFormat } from './file-source.ts'

/**
 * The file's first record, read without reading the rest; problems are left to the real load, but a path that names
 * nothing, or a named pipe or device that would never end, is refused here.
 */
export async function firstRecord(path: string, format: FileFormat): Promise<DataRecord | undefined> {
  await isFolder(path)
  for await (const records of format.read(path, [])) if (records.length > 0) return records[0]
  return undefined
}
