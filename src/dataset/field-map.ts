import type { Sample } from '../schema/index.ts'
import type { DataRecord, RecordSource } from './data-record.ts'
import type { FieldProblem } from './zod-issues.ts'

/**
 * How a record's fields become a sample: a field name per sample field, or a function for anything else.
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
    }
  | ((fields: Record<string, unknown>, source: RecordSource) => SampleInput)

/** A sample as a user writes it: the id may be left out (a content hash is used) and a numeric target is accepted. */
export interface SampleInput {
  id?: string | number
  input: Sample['input']
  target: Sample['target'] | number
  choices?: string[]
  subset?: string
  metadata?: Record<string, unknown>
}

const DEFAULT_FIELDS = {
  id: ['id'],
  input: ['input', 'question', 'prompt', 'problem'],
  target: ['target', 'answer', 'expected', 'label'],
  choices: ['choices', 'options'],
  subset: ['subset'],
} as const

function pick(fields: Record<string, unknown>, names: readonly string[]): string | undefined {
  return names.find((name) => fields[name] !== undefined)
}

/** Turns one record into a new object of a sample's fields (validated afterwards), or says what is wrong with it. */
export type RecordConverter = (record: DataRecord) => Record<string, unknown> | FieldProblem[]

/** The converter of a field map; a mapping function that throws becomes a problem of its record. */
export function fieldMapConverter(map: FieldMap = {}): RecordConverter {
  if (typeof map !== 'function') return (record) => applyNames(record.fields, map)
  return (record) => {
    const source: RecordSource = record.line === undefined ? { file: record.file } : { file: record.file, line: record.line }
    try {
      return { ...map(record.fields, source) }
    } catch (error) {
      return [{ message: `the field mapping threw: ${error instanceof Error ? error.message : String(error)}` }]
    }
  }
}

function applyNames(fields: Record<string, unknown>, map: Exclude<FieldMap, Function>): Record<string, unknown> {
  const used = new Set<string>()
  const take = (name: string | undefined): unknown => {
    if (name === undefined) return undefined
    used.add(name)
    return fields[name]
  }
  const choices = Array.isArray(map.choices)
    ? map.choices.map((name) => take(name))
    : take(map.choices ?? pick(fields, DEFAULT_FIELDS.choices))
  const mapped: Record<string, unknown> = {
    id: take(map.id ?? pick(fields, DEFAULT_FIELDS.id)),
    input: take(map.input ?? pick(fields, DEFAULT_FIELDS.input) ?? 'input'),
    target: take(map.target ?? pick(fields, DEFAULT_FIELDS.target) ?? 'target'),
    choices,
    subset: take(map.subset ?? pick(fields, DEFAULT_FIELDS.subset)),
  }
  // a sample written with its own metadata keeps it flat, beside the record's other fields
  const own = isPlainObject(fields.metadata) ? take('metadata') : undefined
  const rest = Object.entries(fields).filter(([name]) => !used.has(name))
  if (own !== undefined || rest.length > 0) mapped.metadata = { ...(own as object | undefined), ...Object.fromEntries(rest) }
  return mapped
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** Text for the scalar fields that data files often hold as numbers; no key for an absent or null field. Changes `out`. */
export function normalise(out: Record<string, unknown>): Record<string, unknown> {
  if (typeof out.target === 'number' || typeof out.target === 'boolean') out.target = String(out.target)
  if (typeof out.id === 'number') out.id = String(out.id)
  if (typeof out.subset === 'number') out.subset = String(out.subset)
  for (const key of Object.keys(out)) if (out[key] === undefined || out[key] === null) delete out[key]
  return out
}
