import { createReadStream } from 'node:fs'
import { parse } from 'csv-parse'
import type { DatasetIssue } from '../errors.ts'
import type { DataRecord } from './data-record.ts'

/** Column names: `true` reads them from the first row; a list names the columns of a headerless file. */
export type CsvColumns = true | string[]

/** Streams a CSV file (quoted fields, BOM and CRLF handled by csv-parse); rows keep their line numbers. */
export async function readCsv(file: string, columns: CsvColumns, issues: DatasetIssue[]): Promise<DataRecord[]> {
  const records: DataRecord[] = []
  const parser = createReadStream(file).pipe(
    parse({ columns, bom: true, info: true, skip_empty_lines: true, relax_column_count: true }),
  )
  try {
    for await (const row of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      const fields = row.record
      const line = row.info.lines
      const missing = Object.entries(fields).filter(([, value]) => value === undefined).map(([name]) => name)
      if (missing.length > 0) {
        issues.push({ file, line, message: `too few columns: no value for ${missing.map((m) => `"${m}"`).join(', ')}` })
        continue
      }
      records.push({ fields, file, line })
    }
  } catch (error) {
    const info = error as { lines?: number; message: string }
    issues.push({ file, line: info.lines, message: info.message })
  }
  return records
}
