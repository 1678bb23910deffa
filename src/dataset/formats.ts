import type { FileFormat } from './file-source.ts'
import { CSV, readCsv, TSV, type CsvColumns } from './read-csv.ts'
import { readJson } from './read-json.ts'
import { readJsonl } from './read-jsonl.ts'

/** One JSON object per line. */
export const JSONL_FORMAT: FileFormat = { extensions: ['.jsonl'], read: readJsonl }

/** CSV with the given columns (`true`: from the header row). */
export function csvFormat(columns: CsvColumns): FileFormat {
  return { extensions: ['.csv'], read: (file, issues) => readCsv(file, columns, issues, CSV) }
}

/** TSV with the given columns (`true`: from the header row); a row may leave out its last values. */
export function tsvFormat(columns: CsvColumns): FileFormat {
  return { extensions: ['.tsv'], read: (file, issues) => readCsv(file, columns, issues, TSV) }
}

/** A JSON array of records, or the named split of an object of splits. */
export function jsonFormat(split: string | undefined): FileFormat {
  return {
    extensions: ['.json'],
    async *read(file, issues) {
      yield await readJson(file, split, issues)
    },
  }
}
