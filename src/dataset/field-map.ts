import { errorMessage } from '../errors.ts'
import type { Sample } from '../schema/index.ts'
import type { DataRecord, RecordSource } from './data-record.ts'
import { optionLines } from './option-lines.ts'
import { imageFieldReferences, isImageField } from './image-url.ts'
import { listCell } from './list-cell.ts'
import type { FieldProblem } from './zod-issues.ts'

/**
 * How a record's fields become a sample: a field name per sample field, or a function for anything else. The default
 * names also match in any letter case (`Question`, `Answer`).
 * Unmapped fields are kept in `metadata`. A function also gets where the record was read, e.g. to take a subset
 * from the file name of a folder of files.
 */
export type FieldMap =
  | {
      /** @default "id" when present, otherwise a hash of the content */
      id?: string
      /** @default the first of "input", "question", "prompt", "problem" */
      input?: string
      /** @default the first of "target", "answer", "expected", "label" */
      target?: string
      /** One field holding a list, or one field per option in order. @default "choices" or "options" when present */
      choices?: string | string[]
      /** @default "subset" when present */
      subset?: string
      /** A field holding the sample's own system message, sent instead of the benchmark's. @default "system" when present */
      system?: string
    }
  | ((fields: Record<string, unknown>, source: RecordSource) => SampleInput)

/** The field map as names alone, the form a command line can give. */
export type FieldNames = Exclude<FieldMap, (...args: never[]) => unknown>

/** A sample as a user writes it: the id may be left out (a content hash is used) and a numeric target is accepted. */
export interface SampleInput {
  id?: string | number
  input: Sample['input']
  /** Absent in a reference-free sample, which only a judge can score. */
  target?: Sample['target'] | number
  choices?: string[]
  subset?: string
  /** Images for a text input: http(s) URLs, `data:` URIs, or image files relative to the data file. */
  images?: string[]
  metadata?: Record<string, unknown>
}

const DEFAULT_FIELDS = {
  id: ['id'],
  input: ['input', 'question', 'prompt', 'problem'],
  target: ['target', 'answer', 'expected', 'label'],
  choices: ['choices', 'options'],
  subset: ['subset'],
  images: ['images'],
  system: ['system'],
} as const

/** The first of `names` the record has, matched exactly, else in any letter case (`Question`, `ANSWER`). */
function pick(fields: Record<string, unknown>, names: readonly string[]): string | undefined {
  const exact = names.find((name) => fields[name] !== undefined)
  if (exact !== undefined) return exact
  for (const name of names) {
    for (const key in fields) if (fields[key] !== undefined && key.toLowerCase() === name) return key
  }
  return undefined
}

/** Turns one record into a sample's fields (validated afterwards), or says what is wrong with it. */
export type RecordConverter = (record: DataRecord) => Record<string, unknown> | FieldProblem[]

/** The converter of a field map; a mapping function that throws becomes a problem of its record. */
export function fieldMapConverter(map: FieldMap = {}): RecordConverter {
  if (typeof map !== 'function') return (record) => applyNames(record.fields, map)
  return (record) => {
    const source: RecordSource = record.line === undefined ? { file: record.file } : { file: record.file, line: record.line }
    try {
      return { ...map(record.fields, source) }
    } catch (error) {
      return [{ message: `the field mapping threw: ${errorMessage(error)}` }]
    }
  }
}

function applyNames(fields: Record<string, unknown>, map: FieldNames): Record<string, unknown> {
  const names = {
    id: map.id ?? pick(fields, DEFAULT_FIELDS.id),
    input: map.input ?? pick(fields, DEFAULT_FIELDS.input) ?? 'input',
    target: map.target ?? pick(fields, DEFAULT_FIELDS.target) ?? 'target',
    subset: map.subset ?? pick(fields, DEFAULT_FIELDS.subset),
    images: pick(fields, DEFAULT_FIELDS.images),
    system: map.system ?? pick(fields, DEFAULT_FIELDS.system),
  }
  const choiceNames = Array.isArray(map.choices) ? map.choices : undefined
  const choicesName =
    typeof map.choices === 'string' ? map.choices : map.choices === undefined ? pick(fields, DEFAULT_FIELDS.choices) : undefined
  // a few names, checked once per field of every record: a list is cheaper to build than a set
  const used: (string | undefined)[] = [
    names.id,
    names.input,
    names.target,
    names.subset,
    names.images,
    names.system,
    choicesName,
    ...(choiceNames ?? []),
  ]
  // EvalScope's multimodal files name each image in a field of its own: image_1, image_2, ...
  const imageFields = names.images === undefined ? imageFieldReferences(fields) : []
  const mapped: Record<string, unknown> = {
    id: names.id === undefined ? undefined : fields[names.id],
    input: fields[names.input],
    system: names.system === undefined ? undefined : fields[names.system],
    target: fields[names.target],
    choices:
      choiceNames === undefined
        ? choicesName === undefined
          ? undefined
          : choicesOf(fields[choicesName])
        : choiceNames.map((name) => fields[name]),
    subset: names.subset === undefined ? undefined : fields[names.subset],
    images: names.images === undefined ? (imageFields.length > 0 ? imageFields : undefined) : fields[names.images],
  }
  // a sample written with its own metadata keeps it flat, beside the record's other fields
  let metadata: Record<string, unknown> | undefined
  for (const name in fields) {
    if (used.includes(name) || fields[name] === undefined || (imageFields.length > 0 && isImageField(name))) continue
    metadata ??= {}
    if (name === 'metadata' && isPlainObject(fields.metadata)) Object.assign(metadata, fields.metadata)
    else metadata[name] = fields[name]
  }
  mapped.metadata = metadata
  return mapped
}

// a text cell (a CSV's "Choices" column) lists its options one a line
function choicesOf(value: unknown): unknown {
  const listed = listCell(value)
  return typeof listed === 'string' ? optionLines(listed) : listed
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** Text for the scalar fields that data files often hold as numbers; no key for an absent or null field. */
export function normalise(mapped: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key in mapped) {
    const value = mapped[key]
    if (value === undefined || value === null) continue
    out[key] =
      (key === 'target' || key === 'id' || key === 'subset') && (typeof value === 'number' || typeof value === 'boolean')
        ? String(value)
        : value
  }
  return out
}
