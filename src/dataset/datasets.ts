import { chatmlConverter } from './chatml.ts'
import { evalScopeSource, type EvalScopeOptions } from './evalscope.ts'
import { fieldMapConverter, type FieldMap } from './field-map.ts'
import { imageReaderOf, type ImageOptions } from './image-options.ts'
import type { DatasetSource } from './dataset-source.ts'
import { createFileSource, type FileDatasetSource } from './file-source.ts'
import { csvFormat, jsonFormat, JSONL_FORMAT, tsvFormat } from './formats.ts'
import { openCompassSource, type OpenCompassOptions, type OpenCompassSource } from './opencompass.ts'
import type { CsvColumns } from './read-csv.ts'

/** Options shared by every file loader. */
export interface FileDatasetOptions extends ImageOptions {
  /** How a record's fields become a sample. @default input/question, target/answer, choices/options, id, subset */
  fields?: FieldMap
}

/** Options of `datasets.csv` and `datasets.tsv`. */
export interface CsvDatasetOptions extends FileDatasetOptions {
  /** `true`: the first row names the columns; a list: the file has no header row. @default true */
  columns?: CsvColumns
}

/** Options of `datasets.json`. */
export interface JsonDatasetOptions extends FileDatasetOptions {
  /** For a file holding an object of named splits (`{ "test": [...] }`), the split to read. */
  split?: string
}

/**
 * Loaders for data files. Paths are relative to the working directory (the project root under Vitest). A path may
 * name a folder: its files of the format are read in name order, and a mapping function gets each record's file.
 * Every loader streams what it can, keeps each record's line, and throws one `DatasetError` listing every problem.
 */
export const datasets = {
  /** One JSON object per line. */
  jsonl(path: string, options: FileDatasetOptions = {}): FileDatasetSource {
    return createFileSource(path, JSONL_FORMAT, fieldMapConverter(options.fields), undefined, () => imageReaderOf(options))
  },
  /** A CSV file, with a header row unless `columns` names the columns. */
  csv(path: string, options: CsvDatasetOptions = {}): FileDatasetSource {
    return createFileSource(path, csvFormat(options.columns ?? true), fieldMapConverter(options.fields), undefined, () =>
      imageReaderOf(options),
    )
  },
  /**
   * A TSV file, with a header row unless `columns` names the columns. A row may leave out its last values: they are
   * absent fields, so only a required one is reported.
   */
  tsv(path: string, options: CsvDatasetOptions = {}): FileDatasetSource {
    return createFileSource(path, tsvFormat(options.columns ?? true), fieldMapConverter(options.fields), undefined, () =>
      imageReaderOf(options),
    )
  },
  /** A JSON array of records, or an object of named splits with `split`. */
  json(path: string, options: JsonDatasetOptions = {}): FileDatasetSource {
    return createFileSource(path, jsonFormat(options.split), fieldMapConverter(options.fields), undefined, () => imageReaderOf(options))
  },
  /**
   * An OpenCompass custom dataset (`.jsonl` or `.csv` with `question`, `A`, `B`, ..., `answer`, and an optional
   * `<file>.meta.json`): multiple choice or question answering, detected with no code. `loadDataset()` also gives
   * what was detected.
   */
  opencompass(path: string, options: OpenCompassOptions = {}): OpenCompassSource {
    return openCompassSource(path, options)
  },
  /**
   * An EvalScope custom dataset (`.jsonl`, `.csv` or `.tsv`): general MCQ (`id`, `question`, `A`, `B`, ..., `answer`)
   * or general QA (`query` and `response`, with an optional `system` and `history` of `[question, answer]` turns, or a
   * `messages` list with `response`).
   */
  evalscope(path: string, options: EvalScopeOptions = {}): DatasetSource {
    return evalScopeSource(path, options)
  },
  /**
   * OpenCompass's ChatML format: JSONL whose `question` is a list of `{ role, content }` messages and `answer` a list
   * of answers (one, or one per user message). The first answer is the target.
   */
  chatml(path: string, options: ImageOptions = {}): FileDatasetSource {
    return createFileSource(path, JSONL_FORMAT, chatmlConverter(), undefined, () => imageReaderOf(options))
  },
}
