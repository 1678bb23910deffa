import { existsSync } from 'node:fs'
import { extname } from 'node:path'
import { DatasetError, type DatasetIssue } from '../errors.ts'
import type { Sample } from '../schema/index.ts'
import { chatmlConverter, isChatmlRecord } from './chatml.ts'
import { EVALSCOPE_MISSING_RESPONSE, evalScopeQaConverter, isEvalScopeQaRecord } from './evalscope-qa.ts'
import { fieldMapConverter, type FieldNames, type RecordConverter } from './field-map.ts'
import { firstRecord } from './first-record.ts'
import { isFolder } from './file-list.ts'
import { createFileSource, type FileFormat } from './file-source.ts'
import { evalScopeFileFormat, evalScopeMcqShape } from './evalscope.ts'
import { imageReaderOf, type ImageOptions } from './image-options.ts'
import type { ImageFiles, ImageReader } from './image-reader.ts'
import { csvFormat, jsonFormat, JSONL_FORMAT, tsvFormat } from './formats.ts'
import { readOpenCompassDataset, type OpenCompassDataset, type OpenCompassInfo } from './opencompass.ts'
import { readJsonValue, splitNames } from './read-json.ts'

/** The formats `loadDataFile` reads. */
export const DATA_FILE_FORMATS = ['jsonl', 'csv', 'tsv', 'json', 'opencompass', 'chatml', 'evalscope'] as const
/** A format `loadDataFile` reads. */
export type DataFileFormat = (typeof DATA_FILE_FORMATS)[number]

/** Whether a name, e.g. a command-line value, is one of the formats. */
export function isDataFileFormat(name: string): name is DataFileFormat {
  return (DATA_FILE_FORMATS as readonly string[]).includes(name)
}

/** Options of `loadDataFile`; every one is optional, as the format and its fields are detected. */
export interface DataFileOptions extends ImageOptions {
  /** The format, instead of detecting it from the extension and the first record. */
  format?: DataFileFormat
  /** The column names of a CSV or TSV file without a header row. */
  columns?: string[]
  /** The split of a JSON file holding an object of named splits. @default every split */
  split?: string
  /** The field holding each sample's subset. @default "subset" */
  subset?: string
  /**
   * The fields to read each sample field from, for names the defaults miss (`{ target: 'final_answer' }`). A file
   * naming its input, target, choices or system this way is not taken for ChatML or EvalScope QA, whose names are fixed.
   */
  fields?: FieldNames
}

/** What a data file holds: its format, kind, fields and samples. */
export interface DataFileSummary {
  format: DataFileFormat
  /** `mcq` when every sample has options, `qa` when none has, `mixed` otherwise; `chatml` for ChatML. */
  kind: 'mcq' | 'qa' | 'chatml' | 'mixed'
  /** The record fields seen, in the order first seen. */
  fields: string[]
  samples: Sample[]
  /** Sample counts of a JSON file's named splits, when it has them. */
  splits?: Record<string, number>
  /** What was detected about an OpenCompass custom dataset. */
  opencompass?: OpenCompassInfo
  /** An OpenCompass sample's human prompt filled from its own (possibly rotated) options; see `OpenCompassDataset`. */
  promptOf?: OpenCompassDataset['promptOf']
  /** The local image files the samples name, each counted once, and where each was found; absent when there are none. */
  images?: ImageFiles
}

/**
 * Loads any data file evalsuite reads, detecting its format: `.csv`, `.tsv` and `.jsonl` files with option columns `A`, `B`
 * (or a `.meta.json` beside them) are OpenCompass custom datasets, a `.jsonl` file whose `question` is a list of
 * messages is ChatML, other files are read with the default field names. Throws a `DatasetError` listing every problem.
 */
export async function loadDataFile(path: string, options: DataFileOptions = {}): Promise<DataFileSummary> {
  await isFolder(path)
  const format = options.format ?? (await detectFormat(path, options))
  const subset = options.fields?.subset ?? options.subset ?? 'subset'
  const images = imageReaderOf(options)
  const read = <T extends Omit<DataFileSummary, 'images'>>(summary: T): T & Pick<DataFileSummary, 'images'> =>
    images.files.files > 0 ? { ...summary, images: images.files } : summary
  const shape = format === 'evalscope' ? await evalScopeMcqShape(path) : undefined
  if (format === 'opencompass') {
    const { kind, samples, meta, promptOf } = await readOpenCompassDataset(path, { ...options, subset }, images)
    return read({ format, kind, fields: meta.columns, samples, opencompass: meta, ...(promptOf === undefined ? {} : { promptOf }) })
  }
  if (shape === 'columns') {
    const { kind, samples, meta } = await readOpenCompassDataset(
      path,
      { subset, ...(options.fields === undefined ? {} : { fields: options.fields }) },
      images,
    )
    return read({ format, kind, fields: meta.columns, samples })
  }
  if (format === 'json' && options.split === undefined) {
    const splits = await splitsOf(path)
    if (splits.length > 0) return read(await loadSplits(path, splits, { ...options.fields, subset }, images))
  }
  const fields = new Set<string>()
  // EvalScope's multimodal multiple choice (an options list) is read by the default field names
  const qa = format === 'evalscope' && shape === undefined
  const convert =
    format === 'chatml' ? chatmlConverter(subset) : qa ? evalScopeQaConverter(subset) : fieldMapConverter({ ...options.fields, subset })
  const source = createFileSource(
    path,
    format === 'evalscope' ? evalScopeFileFormat(path) : formatOf(format, options),
    (record) => {
      for (const name of Object.keys(record.fields)) fields.add(name)
      return convert(record)
    },
    qa ? EVALSCOPE_MISSING_RESPONSE : undefined,
    () => images,
  )
  const samples = await source.load()
  return read({ format, kind: format === 'chatml' ? 'chatml' : kindOfSamples(samples), fields: [...fields], samples })
}

function formatOf(format: Exclude<DataFileFormat, 'opencompass' | 'evalscope'>, options: DataFileOptions): FileFormat {
  if (format === 'csv') return csvFormat(options.columns ?? true)
  if (format === 'tsv') return tsvFormat(options.columns ?? true)
  if (format === 'json') return jsonFormat(options.split)
  return JSONL_FORMAT
}

function kindOfSamples(samples: Sample[]): DataFileSummary['kind'] {
  const withChoices = samples.filter((sample) => sample.choices !== undefined).length
  return withChoices === samples.length ? 'mcq' : withChoices === 0 ? 'qa' : 'mixed'
}

// the sample fields ChatML and EvalScope QA read from fields of fixed names
const FIXED_NAMES: readonly (keyof FieldNames)[] = ['input', 'target', 'choices', 'system']

async function detectFormat(path: string, options: DataFileOptions): Promise<DataFileFormat> {
  const extension = extname(path).toLowerCase()
  if (extension === '.json') return 'json'
  if (extension !== '.jsonl' && extension !== '.csv' && extension !== '.tsv') {
    throw new DatasetError([
      { file: path, message: `no loader reads "${extension || path}" files; evalsuite reads .jsonl, .csv, .tsv and .json` },
    ])
  }
  const format = extension === '.jsonl' ? 'jsonl' : extension === '.csv' ? 'csv' : 'tsv'
  const first = await firstRecord(path, formatOf(format, options))
  // ChatML and EvalScope QA fix the names of these fields: naming them means the file is read by the names given
  const named = FIXED_NAMES.some((name) => options.fields?.[name] !== undefined)
  if (!named && format === 'jsonl' && first !== undefined && isChatmlRecord(first.fields)) return 'chatml'
  if (!named && first !== undefined && isEvalScopeQaRecord(first.fields)) return 'evalscope'
  const hasOptions = first !== undefined && 'A' in first.fields && 'B' in first.fields
  // OpenCompass's option columns are letters; options in other columns are read by the field names
  const choices = options.fields?.choices
  const letterOptions = choices === undefined || (Array.isArray(choices) && choices.every((name) => /^[A-Z]$/.test(name)))
  if (letterOptions && (existsSync(`${path}.meta.json`) || hasOptions)) return 'opencompass'
  return format
}

async function splitsOf(path: string): Promise<string[]> {
  const issues: DatasetIssue[] = []
  const read = await readJsonValue(path, issues)
  if (issues.length > 0) throw new DatasetError(issues)
  return splitNames(read?.value)
}

/** Loads every split of a JSON file; each split is its own dataset, so ids may repeat across splits. */
async function loadSplits(path: string, splits: string[], map: FieldNames, images: ImageReader): Promise<DataFileSummary> {
  const fields = new Set<string>()
  const samples: Sample[] = []
  const counts: Record<string, number> = {}
  const issues: DatasetIssue[] = []
  const convert: RecordConverter = fieldMapConverter(map)
  for (const split of splits) {
    const source = createFileSource(
      path,
      jsonFormat(split),
      (record) => {
        for (const name of Object.keys(record.fields)) fields.add(name)
        return convert(record)
      },
      undefined,
      () => images,
    )
    try {
      const loaded = await source.load()
      counts[split] = loaded.length
      for (const sample of loaded) samples.push(sample)
    } catch (error) {
      if (!(error instanceof DatasetError)) throw error
      issues.push(...error.issues)
    }
  }
  if (issues.length > 0) throw new DatasetError(issues)
  return { format: 'json', kind: kindOfSamples(samples), fields: [...fields], samples, splits: counts }
}
