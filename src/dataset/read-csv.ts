import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse'
import type { DatasetIssue } from '../errors.ts'
import type { DataRecord } from './data-record.ts'

/** Column names: `true` reads them from the first row; a list names the columns of a headerless file. */
export type CsvColumns = true | string[]

/** Byte offsets where each line starts; a CRLF is one line break. */
function lineStarts(bytes: Buffer): number[] {
  const starts = [0]
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a)) starts.push(i + 1)
  }
  return starts
}

/** The 1-based line holding the first non-blank byte at or after `offset`. */
function lineAt(bytes: Buffer, starts: number[], offset: number): number {
  let at = offset
  while (at < bytes.length && (bytes[at] === 0x0a || bytes[at] === 0x0d)) at++
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (starts[mid]! <= at) low = mid
    else high = mid - 1
  }
  return low + 1
}

/** Reads a CSV file (quoted fields, BOM and CRLF handled by csv-parse); rows keep the line they start on. */
export async function readCsv(file: string, columns: CsvColumns, issues: DatasetIssue[]): Promise<DataRecord[]> {
  const records: DataRecord[] = []
  const bytes = await readFile(file)
  const starts = lineStarts(bytes)
  // a quote inside an unquoted field is kept as text, as Python's csv module reads it (MMLU's files have some)
  const parser = parse(bytes, { columns, bom: true, info: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true })
  let previousEnd = columns === true ? -1 : 0
  try {
    for await (const row of parser as AsyncIterable<{ record: Record<string, string>; info: { bytes: number; lines: number; columns?: { name: string }[] } }>) {
      const fields = row.record
      if (previousEnd < 0) previousEnd = headerEnd(bytes)
      const line = lineAt(bytes, starts, previousEnd)
      previousEnd = row.info.bytes
      const names = (row.info.columns ?? []).map((column) => column.name)
      const missing = names.filter((name) => fields[name] === undefined)
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

// the header row has no quoted line breaks in practice; its end is the first line break
function headerEnd(bytes: Buffer): number {
  const lf = bytes.indexOf(0x0a)
  return lf < 0 ? bytes.length : lf + 1
}
