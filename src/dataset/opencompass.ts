import { basename, extname } from 'node:path'
import { DatasetError, type DatasetIssue } from '../errors.ts'
import { type Sample, thousands as count } from '../schema/index.ts'
import { createSampleCollector } from './collect-samples.ts'
import { devFileOf } from './dev-file.ts'
import type { DataRecord } from './data-record.ts'
import { throwIfInvalid, type DatasetSource } from './dataset-source.ts'
import type { FieldNames, RecordConverter } from './field-map.ts'
import { isEmptyFile, readRecords } from './file-source.ts'
import { imageReaderOf, type ImageOptions } from './image-options.ts'
import type { ImageReader } from './image-reader.ts'
import { imageFieldReferences, isImageField } from './image-url.ts'
import { csvFormat, JSONL_FORMAT, tsvFormat } from './formats.ts'
import { IGNORED_META_KEYS, readOpenCompassMeta, type OpenCompassMetaFile, type OpenCompassMetaRead } from './opencompass-meta.ts'
import { filledLength, MAX_FILLED_PROMPT_CHARS, placeholders, render, renderForOptions, text } from './opencompass-prompt.ts'
import type { FieldProblem } from './zod-issues.ts'

/** What an OpenCompass custom dataset is, inferred from its columns and overridden by its `.meta.json`. */
export interface OpenCompassInfo {
  /** `mcq` when at least two consecutive option columns from `A` are present, else `qa`; `data_type` overrides. */
  kind: 'mcq' | 'qa'
  /** Set by `data_type: "circular-mcq"`: each question is asked once per rotation of its options. */
  circular?: true
  /** `abbr`, or the file name up to its first dot. */
  abbreviation: string
  /** `infer_method`. @default "gen" */
  inferMethod: 'gen' | 'ppl'
  /** The data file's columns, as its header or first record names them. */
  columns: string[]
  /** The option columns (`A`, `B`, ...); empty for `qa`. */
  options: string[]
  /** The columns that make a sample's input. @default ["question"] */
  inputColumns: string[]
  /** The column holding the answer. @default "answer" */
  outputColumn: string
  /** When set, each sample's `input` is this prompt with its `{column}` placeholders filled in. */
  humanPrompt?: string
  botPrompt?: string
  template?: string | Record<string, unknown>
  /** The meta file that was read, when there is one. */
  metaFile?: string
  /** Keys of the meta file that OpenCompass reads and evalsuite ignores, each with why. */
  ignored?: Record<string, string>
}

/** The samples of an OpenCompass custom dataset, with what was detected about it. */
export interface OpenCompassDataset {
  kind: 'mcq' | 'qa'
  samples: Sample[]
  meta: OpenCompassInfo
  /**
   * Present when the meta file's `human_prompt` places the option columns: a sample's prompt filled from its own
   * `choices`, so that a sample whose options were rotated (circular evaluation) is asked them in their new order.
   */
  promptOf?: (sample: Sample) => string
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

function isLetterColumn(column: string): boolean {
  return column.length === 1 && LETTERS.includes(column)
}

/** Works out the dataset's kind and columns from its first record (or header), as OpenCompass does. */
function detect(
  path: string,
  columns: string[],
  meta: OpenCompassMetaFile,
  metaFile: string | undefined,
): { info: OpenCompassInfo; problems: FieldProblem[]; metaProblems: FieldProblem[] } {
  const problems: FieldProblem[] = []
  const metaProblems: FieldProblem[] = []
  const present = new Set(columns)
  let run = 0
  while (run < LETTERS.length && present.has(LETTERS[run]!)) run++
  const letters = [...LETTERS.slice(0, run)]
  const stray = columns.filter((column) => isLetterColumn(column) && !letters.includes(column)).sort()
  if (meta.options === undefined && stray.length > 0 && (run > 0 || stray.length > 1)) {
    const found = [...letters, ...stray].join(', ')
    problems.push({
      field: stray[0],
      message: `the option columns skip "${LETTERS[run]}" (found ${found}); name them A, B, C, ... without a gap`,
    })
  }
  const kind = meta.data_type === 'circular-mcq' ? 'mcq' : (meta.data_type ?? (letters.length >= 2 ? 'mcq' : 'qa'))
  const options = kind === 'qa' ? [] : (meta.options ?? letters)
  if (kind === 'mcq' && options.length < 2) {
    metaProblems.push({
      field: 'data_type',
      message: `is "${meta.data_type ?? 'mcq'}", but the file has no option columns A, B, ...; add them, or set "data_type" to "qa"`,
    })
  }
  metaProblems.push(...unknownColumns(meta, present))
  const outputColumn = meta.output_column ?? 'answer'
  // question answering without answers is reference-free, for a judge to score
  if (!present.has(outputColumn) && (kind === 'mcq' || meta.output_column !== undefined)) {
    const fix =
      meta.output_column === undefined
        ? `add it, or name the answer column with "output_column" in ${basename(path)}.meta.json`
        : 'fix "output_column" in the meta file'
    problems.push({ message: `no "${outputColumn}" column for the answers (the columns are ${columns.join(', ')}); ${fix}` })
  }
  const inputColumns = meta.input_columns ?? ['question']
  if (meta.input_columns === undefined && meta.human_prompt === undefined && !present.has('question')) {
    problems.push({
      message: `no "question" column (the columns are ${columns.join(', ')}); add it, or name the input columns with "input_columns" in ${basename(path)}.meta.json`,
    })
  }
  const info: OpenCompassInfo = {
    kind,
    ...(meta.data_type === 'circular-mcq' ? { circular: true as const } : {}),
    abbreviation: meta.abbr ?? basename(path).split('.')[0]!,
    inferMethod: meta.infer_method ?? 'gen',
    columns,
    options,
    inputColumns,
    outputColumn,
    ...(meta.human_prompt === undefined ? {} : { humanPrompt: meta.human_prompt }),
    ...(meta.bot_prompt === undefined ? {} : { botPrompt: meta.bot_prompt }),
    ...(meta.template === undefined ? {} : { template: meta.template }),
    ...(metaFile === undefined ? {} : { metaFile }),
    ...ignoredKeys(meta),
  }
  return { info, problems, metaProblems }
}

function ignoredKeys(meta: OpenCompassMetaFile): Pick<OpenCompassInfo, 'ignored'> {
  const set = Object.keys(IGNORED_META_KEYS).filter((key) => key in meta)
  return set.length === 0 ? {} : { ignored: Object.fromEntries(set.map((key) => [key, IGNORED_META_KEYS[key]!])) }
}

/** The meta file's options, input columns and prompt placeholders that name no column of the data. */
function unknownColumns(meta: OpenCompassMetaFile, present: Set<string>): FieldProblem[] {
  const missing = (field: string, names: readonly string[], shown: (name: string) => string): FieldProblem[] =>
    names
      .filter((name) => !present.has(name))
      .map((name) => ({ field, message: `names "${shown(name)}", which is not a column of the data file` }))
  const template = typeof meta.template === 'string' ? meta.template : undefined
  return [
    ...missing('options', meta.options ?? [], (name) => name),
    ...missing('input_columns', meta.input_columns ?? [], (name) => name),
    ...missing('human_prompt', placeholders(meta.human_prompt), (name) => `{${name}}`),
    ...missing('bot_prompt', placeholders(meta.bot_prompt), (name) => `{${name}}`),
    ...missing('template', placeholders(template), (name) => `{${name}}`),
  ]
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

/**
 * The letters an answer names: one letter, a list of letters, or letters joined by commas ("A,C"), as EvalScope writes
 * a question with several right answers. A repeated letter counts once.
 */
function answerLetters(answer: unknown): string[] {
  const parts = Array.isArray(answer) ? answer.map(text) : text(answer).split(',')
  return [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ''))].sort()
}

/** An answer as the file wrote it: a list as a JSON list, so `["A", "C"]` is not shown as `"A,C"`. */
function quoteAnswer(answer: unknown): string {
  return Array.isArray(answer) ? `[${answer.map((part) => JSON.stringify(part)).join(', ')}]` : `"${text(answer)}"`
}

/** Turns one record into a sample's fields: input from the input columns or the human prompt, options, answer. */
function converter(info: OpenCompassInfo, columns: { subset: string; id: string; system: string | undefined }): RecordConverter {
  const used = new Set([
    ...info.inputColumns,
    ...info.options,
    info.outputColumn,
    columns.id,
    columns.subset,
    ...(columns.system === undefined ? [] : [columns.system]),
  ])
  return (record) => {
    const fields = record.fields
    const problems: FieldProblem[] = []
    const choices: string[] = []
    const last = info.options.findLastIndex((option) => !isBlank(fields[option]))
    info.options.slice(0, last + 1).forEach((option, index) => {
      const value = fields[option]
      if (isBlank(value))
        problems.push({ field: option, message: `empty, but option "${info.options[last]}" is not; options must have no gap` })
      else if (typeof value === 'object') problems.push({ field: option, message: 'must be text' })
      else choices[index] = String(value)
    })
    if (info.kind === 'mcq' && last < 1)
      problems.push({ field: info.options[last + 1], message: 'missing: a question needs at least two options' })
    const answer = fields[info.outputColumn]
    const letters = info.options.slice(0, last + 1)
    const chosen = info.kind === 'mcq' ? answerLetters(answer) : []
    const unanswered = isBlank(answer) || (Array.isArray(answer) && answer.length === 0)
    // OpenCompass lets a question-answering file leave the answer out, for a judge to score; a choice needs one
    if (unanswered && info.kind === 'mcq') {
      problems.push({ field: info.outputColumn, message: 'missing' })
    } else if (info.kind === 'mcq' && letters.length >= 2) {
      const unknown = chosen.filter((letter) => !letters.includes(letter))
      const where = chosen.length > 1 || Array.isArray(answer) ? ` (in ${quoteAnswer(answer)})` : ''
      if (unknown.length > 0)
        problems.push({
          field: info.outputColumn,
          message: `${unknown.map((letter) => `"${letter}"`).join(', ')}${where} names no option; the options are ${letters.join(', ')}`,
        })
    }
    const filled = info.humanPrompt === undefined ? 0 : filledLength(info.humanPrompt, fields)
    if (filled > MAX_FILLED_PROMPT_CHARS) {
      problems.push({
        field: 'human_prompt',
        message: `filled from this row, the meta file's human_prompt is ${count(filled)} characters, over the limit of ${count(MAX_FILLED_PROMPT_CHARS)}; shorten the prompt or the row's text`,
      })
    }
    if (problems.length > 0) return problems
    const images = imageFieldReferences(fields)
    const input =
      info.humanPrompt === undefined ? info.inputColumns.map((column) => text(fields[column])).join('\n') : render(info.humanPrompt, fields)
    const rest = Object.entries(fields).filter(([name]) => !used.has(name) && !isImageField(name))
    return {
      id: fields[columns.id],
      input,
      ...(columns.system === undefined || isBlank(fields[columns.system]) ? {} : { system: fields[columns.system] }),
      target: unanswered ? undefined : info.kind !== 'mcq' ? answer : chosen.length === 1 ? chosen[0] : chosen,
      ...(info.kind === 'mcq' ? { choices } : {}),
      subset: fields[columns.subset],
      ...(images.length > 0 ? { images } : {}),
      ...(rest.length > 0 ? { metadata: Object.fromEntries(rest) } : {}),
    }
  }
}

/** Options of `datasets.opencompass`, for files that stretch the protocol. */
export interface OpenCompassOptions extends ImageOptions {
  /** The column names of a CSV file without a header row, e.g. MMLU's `["question", "A", "B", "C", "D", "answer"]`. */
  columns?: string[]
  /** The column holding each sample's subset. @default "subset" */
  subset?: string
  /**
   * Columns named for the sample's fields, e.g. from `--field`: `input` and `target` set the input and answer columns
   * (over the meta file), `choices` the option columns (capital letters), `id` the id column and `system` a column
   * whose text is the system message.
   */
  fields?: FieldNames
}

/**
 * Loads an OpenCompass custom dataset (`question`, `A`, `B`, ..., `answer` in a `.jsonl`, `.csv` or `.tsv` file, and an
 * optional `<file>.meta.json` beside it) with no code: multiple choice when at least two consecutive option columns
 * from `A` are present, otherwise question answering. Throws a `DatasetError` listing every problem.
 * @example
 * const { kind, samples, meta } = await loadOpenCompassDataset('data/physics.csv')
 */
export async function loadOpenCompassDataset(path: string, options: OpenCompassOptions = {}): Promise<OpenCompassDataset> {
  return readOpenCompassDataset(path, options, imageReaderOf(options))
}

/** `loadOpenCompassDataset` with its images read by `images`, which then tells what it read. */
export async function readOpenCompassDataset(path: string, options: OpenCompassOptions, images: ImageReader): Promise<OpenCompassDataset> {
  const extension = extname(path).toLowerCase()
  // EvalScope writes the same columns in TSV files, so they are read by the same rules
  if (extension !== '.jsonl' && extension !== '.csv' && extension !== '.tsv')
    throw new DatasetError([{ file: path, message: 'an OpenCompass custom dataset is a .jsonl, .csv or .tsv file' }])
  const format =
    extension === '.jsonl' ? JSONL_FORMAT : extension === '.csv' ? csvFormat(options.columns ?? true) : tsvFormat(options.columns ?? true)
  const hasHeader = extension !== '.jsonl' && options.columns === undefined
  const issues: DatasetIssue[] = []
  const meta = await readOpenCompassMeta(`${path}.meta.json`, issues)
  // without its settings the data cannot be judged fairly: only the data's syntax is checked then
  const metaInvalid = issues.length > 0
  let detected: { info: OpenCompassInfo; convert?: RecordConverter } | undefined
  let collector = createSampleCollector(undefined, undefined, images)
  // the records a human prompt that places the options is filled from again, once the options are rotated
  const kept: Record<string, unknown>[] = []
  let keep = false
  for await (const records of readRecords(path, format, issues)) {
    for (const record of records) {
      if (detected === undefined) {
        detected = metaInvalid
          ? { info: detect(path, Object.keys(record.fields), {}, undefined).info }
          : start(path, record, meta, hasHeader, options, issues)
        if (detected.convert)
          collector = createSampleCollector(detected.convert, { field: detected.info.outputColumn, message: 'missing' }, images)
        keep =
          detected.info.kind === 'mcq' &&
          detected.info.humanPrompt !== undefined &&
          renderForOptions(detected.info.humanPrompt, detected.info.options) !== undefined
      }
      if (!detected.convert) continue
      const before = collector.samples.length
      collector.add(record)
      if (keep && collector.samples.length > before) kept.push(record.fields)
    }
  }
  throwIfInvalid([...issues, ...collector.issues], collector.samples.length, path, isEmptyFile(path))
  const info = detected!.info
  const fill = info.humanPrompt === undefined ? undefined : renderForOptions(info.humanPrompt, info.options)
  const samples = collector.samples
  if (fill === undefined || kept.length !== samples.length) return { kind: info.kind, samples, meta: info }
  const fieldsOf = new Map(samples.map((sample, index) => [sample.id, kept[index]!]))
  const promptOf = (sample: Sample): string => {
    const fields = fieldsOf.get(sample.id)
    return fields === undefined || typeof sample.input !== 'string' ? String(sample.input) : fill(sample, fields)
  }
  return { kind: info.kind, samples, meta: info, promptOf }
}

/** Detects the dataset from its first record; no converter when the columns themselves are wrong. */
function start(
  path: string,
  first: DataRecord,
  meta: OpenCompassMetaRead | undefined,
  hasHeader: boolean,
  options: OpenCompassOptions,
  issues: DatasetIssue[],
): { info: OpenCompassInfo; convert?: RecordConverter } {
  const metaFile = meta === undefined ? undefined : `${path}.meta.json`
  const fields = options.fields ?? {}
  const { info, problems, metaProblems } = detect(path, Object.keys(first.fields), { ...meta?.meta, ...metaOfFields(fields) }, metaFile)
  // a CSV header is line 1; other files are judged by their first record, as OpenCompass does
  const line = hasHeader ? 1 : first.line
  for (const problem of problems) issues.push({ file: path, line, field: problem.field, message: problem.message })
  // a named field (not the meta file) can also name a missing column
  for (const problem of metaProblems)
    issues.push(meta === undefined ? { file: path, line, field: problem.field, message: problem.message } : meta.issue(problem))
  const columns = { subset: fields.subset ?? options.subset ?? 'subset', id: fields.id ?? 'id', system: fields.system }
  return problems.length + metaProblems.length > 0 ? { info } : { info, convert: converter(info, columns) }
}

/** The meta settings that named fields stand for; option columns must be letters, as OpenCompass's are. */
function metaOfFields(fields: FieldNames): OpenCompassMetaFile {
  const choices = typeof fields.choices === 'string' ? [fields.choices] : fields.choices
  return {
    ...(fields.input === undefined ? {} : { input_columns: [fields.input] }),
    ...(fields.target === undefined ? {} : { output_column: fields.target }),
    ...(choices === undefined ? {} : { options: choices }),
  }
}

/** `datasets.opencompass(path)`: a dataset source that also gives what was detected. */
export interface OpenCompassSource extends DatasetSource {
  /** The samples with the detected kind and meta. */
  loadDataset(): Promise<OpenCompassDataset>
  /** Whether its meta file sets `data_type: "circular-mcq"`. */
  isCircular(): Promise<boolean>
  /** The samples of the `<subset>_dev` file beside a `<subset>_val` (or `_test`) one, as EvalScope pairs them. */
  loadFewShotPool(): Promise<Sample[] | undefined>
}

/** The OpenCompass custom dataset at `path`, as a source for `describeBenchmark`. */
export function openCompassSource(path: string, options: OpenCompassOptions = {}): OpenCompassSource {
  return {
    description: path,
    loadDataset: () => loadOpenCompassDataset(path, options),
    load: async () => (await loadOpenCompassDataset(path, options)).samples,
    isCircular: async () => (await readOpenCompassMeta(`${path}.meta.json`, []))?.meta.data_type === 'circular-mcq',
    // EvalScope's general MCQ files have these columns, and its `_dev` file beside a `_val` one holds the examples
    async loadFewShotPool() {
      const dev = devFileOf(path)
      return dev === undefined ? undefined : (await loadOpenCompassDataset(dev, options)).samples
    },
  }
}
