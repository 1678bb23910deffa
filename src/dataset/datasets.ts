import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { DatasetError, type DatasetIssue } from '../errors.ts'
import type { Sample } from '../schema/index.ts'
import type { DataRecord } from './data-record.ts'
import { samplesOrThrow, type DatasetSource } from './dataset-source.ts'
import type { FieldMap } from './field-map.ts'
import { readCsv, type CsvColumns } from './read-csv.ts'
import { readJson } from './read-json.ts'
import { readJsonl } from './read-jsonl.ts'

/** Options shared by every file loader. */
export interface FileDatasetOptions {
  /** How a record's fields become a sample. @default input/question, target/answer, choices/options, id, subset */
  fields?: FieldMap
}

/** Options of `datasets.csv`. */
export interface CsvDatasetOptions extends FileDatasetOptions {
  /** `true`: the first row names the columns; a list: the file has no header row. @default true */
  columns?: CsvColumns
}

/** Options of `datasets.json`. */
export interface JsonDatasetOptions extends FileDatasetOptions {
  /** For a file holding an object of named splits (`{ "test": [...] }`), the split to read. */
  split?: string
}

function fileSource(
  path: string,
  fields: FieldMap | undefined,
  read: (file: string, issues: DatasetIssue[]) => Promise<DataRecord[]>,
): DatasetSource {
  return {
    description: path,
    async load(override?: FieldMap): Promise<Sample[]> {
      const file = resolve(path)
      if (!existsSync(file)) throw new DatasetError([{ file: path, message: 'file not found' }])
      const issues: DatasetIssue[] = []
      const records = await read(file, issues)
      // messages name the path as the user wrote it
      const named = records.map((record) => ({ ...record, file: path }))
      return samplesOrThrow(named, override ?? fields, issues.map((issue) => ({ ...issue, file: path })), path)
    },
  }
}

/** Loaders for data files; paths are relative to the working directory (the project root under Vitest). */
export const datasets = {
  /** One JSON object per line. */
  jsonl(path: string, options: FileDatasetOptions = {}): DatasetSource {
    return fileSource(path, options.fields, (file, issues) => readJsonl(file, issues))
  },
  /** A CSV file, with a header row unless `columns` names the columns. */
  csv(path: string, options: CsvDatasetOptions = {}): DatasetSource {
    return fileSource(path, options.fields, (file, issues) => readCsv(file, options.columns ?? true, issues))
  },
  /** A JSON array of records, or an object of named splits with `split`. */
  json(path: string, options: JsonDatasetOptions = {}): DatasetSource {
    return fileSource(path, options.fields, (file, issues) => readJson(file, options.split, issues))
  },
}
