import { extname } from 'node:path'
import { isFolder } from './file-list.ts'
import { firstRecord } from './first-record.ts'
import { csvFormat, jsonFormat, JSONL_FORMAT, tsvFormat } from './formats.ts'

/**
 * The field names of a data file's first record (a CSV or TSV file's header), for checking a field mapping against
 * the file before it is loaded. Empty for a file with no record.
 */
export async function loadDataFileColumns(path: string, options: { columns?: string[]; split?: string } = {}): Promise<string[]> {
  await isFolder(path)
  const extension = extname(path).toLowerCase()
  const format =
    extension === '.csv'
      ? csvFormat(options.columns ?? true)
      : extension === '.tsv'
        ? tsvFormat(options.columns ?? true)
        : extension === '.json'
          ? jsonFormat(options.split)
          : JSONL_FORMAT
  const first = await firstRecord(path, format)
  return first === undefined ? [] : Object.keys(first.fields)
}
