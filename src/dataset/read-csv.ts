import { createReadStream } from 'node:fs'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { CsvError, Info } from 'csv-parse'
import type { DatasetIssue } from '../errors.ts'
import type { DataRecord } from './data-record.ts'
import { invalidUtf8LineStarts, NOT_UTF8 } from './invalid-utf8.ts'
import { createLineIndex, type LineIndex } from './line-index.ts'

/** Column names: `true` reads them from the first row; a list names the columns of a headerless file. */
export type CsvColumns = true | string[]

/** How a delimited file is written: its delimiter, and whether a row may leave out its last values. */
export interface Delimited {
  delimiter: ',' | '\t'
  /** A short row's missing last values are undefined fields, as EvalScope's TSV files leave optional columns out. */
  shortRowsAllowed: boolean
}

/** Comma-separated, every row with a value for each column. */
export const CSV: Delimited = { delimiter: ',', shortRowsAllowed: false }
/** Tab-separated; a row may end early. */
export const TSV: Delimited = { delimiter: '\t', shortRowsAllowed: true }

const BATCH = 512

/**
 * Streams a CSV or TSV file in batches of records (quoted fields, BOM and CRLF handled by csv-parse). Each record keeps
 * the line it starts on, found from byte offsets because csv-parse counts a CRLF inside a quoted field as two lines.
 */
export async function* readCsv(
  file: string,
  columns: CsvColumns,
  issues: DatasetIssue[],
  dialect: Delimited = CSV,
): AsyncGenerator<DataRecord[]> {
  const lines = createLineIndex()
  // csv-parse calls these two in parse order: an error is placed after the last record and the empty lines since
  let emptyLinesBefore = 0
  let lastErrorAt = -1
  // loaded with the first CSV file: a run of JSONL datasets never pays for it
  const { parse } = await import('csv-parse')
  const parser = parse({
    bom: true,
    delimiter: dialect.delimiter,
    info: true,
    skip_empty_lines: true,
    relax_column_count: true,
    // a quote inside an unquoted field is kept as text, as Python's csv module and pandas read it (MMLU has some)
    relax_quotes: true,
    skip_records_with_error: true,
    on_record: (record, context) => {
      emptyLinesBefore = context.empty_lines
      return record
    },
    on_skip: (error: CsvError | undefined) => {
      // one bad record can raise several errors, all at the offset where it starts
      if (error === undefined || error.bytes === lastErrorAt) return
      lastErrorAt = Number(error.bytes)
      const line = lines.lineOf(lastErrorAt) + Number(error.empty_lines) - emptyLinesBefore
      emptyLinesBefore = Number(error.empty_lines)
      issues.push({ file, line, message: describeCsvError(error) })
    },
  })
  const reading = pipeline(
    createReadStream(file, { highWaterMark: 1 << 16 }),
    scanBytes(lines, (line) => {
      issues.push({ file, line, message: NOT_UTF8 })
    }),
    parser,
  )
  // a consumer that stops early destroys the parser; the pipeline's rejection then means nothing
  reading.catch(() => undefined)
  let names = columns === true ? undefined : columns
  let batch: DataRecord[] = []
  for await (const row of parser as AsyncIterable<{ record: string[]; info: Info }>) {
    const line = startLine(row.record, row.info, lines)
    lines.release(row.info.bytes - 1)
    if (names === undefined) {
      names = row.record
      checkHeader(names, file, issues)
      continue
    }
    const record = toRecord(
      row.record,
      names,
      { file, line, shortRowsAllowed: dialect.shortRowsAllowed, delimiter: dialect.delimiter },
      issues,
    )
    if (record) batch.push(record)
    if (batch.length >= BATCH) {
      yield batch
      batch = []
    }
  }
  await reading
  if (batch.length > 0) yield batch
}

function startLine(values: string[], info: Info, lines: LineIndex): number {
  let breaks = 0
  for (const value of values) if (value.includes('\n') || value.includes('\r')) breaks += value.match(/\r\n|\r|\n/g)!.length
  return lines.lineOf(info.bytes - 1) - breaks
}

function checkHeader(names: string[], file: string, issues: DatasetIssue[]): void {
  const seen = new Set<string>()
  for (const name of names) {
    if (seen.has(name)) issues.push({ file, line: 1, message: `the header names column "${name}" twice` })
    seen.add(name)
  }
}

function toRecord(
  values: string[],
  names: string[],
  place: { file: string; line: number; shortRowsAllowed: boolean; delimiter: Delimited['delimiter'] },
  issues: DatasetIssue[],
): DataRecord | undefined {
  const { file, line } = place
  if (values.length < names.length && !place.shortRowsAllowed) {
    const missing = names.slice(values.length).map((name) => `"${name}"`)
    issues.push({ file, line, message: `too few columns: no value for ${missing.join(', ')}` })
    return undefined
  }
  if (values.length > names.length) {
    // a value holding the delimiter is the usual cause: the fix names the quoting that keeps it one value
    const separator = place.delimiter === '\t' ? 'tab' : 'comma'
    issues.push({
      file,
      line,
      message: `too many columns: ${values.length} values for ${names.length} columns (${names.join(', ')}); put a value holding a ${separator} in double quotes, or add its column to the header`,
    })
    return undefined
  }
  const fields: Record<string, unknown> = {}
  // a value left out is undefined, not missing: the record still has every column, for detection by column names
  names.forEach((name, index) => {
    fields[name] = values[index]
  })
  return { fields, file, line }
}

function describeCsvError(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted field is never closed: a " is missing'
  return error.message.replace(/ at line \d+/, '')
}

/** Passes the bytes on, recording their line breaks and naming each line that is not UTF-8 text. */
function scanBytes(lines: LineIndex, onInvalidUtf8: (line: number) => void): Transform {
  let offset = 0
  let rest: Buffer = Buffer.alloc(0)
  const check = (bytes: Buffer, start: number): void => {
    for (const at of invalidUtf8LineStarts(bytes)) onInvalidUtf8(lines.lineOf(start + at))
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      lines.scan(chunk)
      const bytes = rest.length === 0 ? chunk : Buffer.concat([rest, chunk])
      const end = bytes.lastIndexOf(0x0a) + 1
      check(bytes.subarray(0, end), offset - rest.length)
      rest = bytes.subarray(end)
      offset += chunk.length
      done(null, chunk)
    },
    flush(done) {
      check(rest, offset - rest.length)
      done()
    },
  })
}
