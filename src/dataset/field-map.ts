import { SampleSchema, type Sample } from '../schema/index.ts'
import type { DatasetIssue } from '../errors.ts'
import type { DataRecord } from './data-record.ts'
import { hashSampleContent } from './sample-id.ts'

/**
 * How a record's fields become a sample: a field name per sample field, or a function for anything else.
 * Unmapped fields are kept in `metadata`.
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
  | ((fields: Record<string, unknown>) => SampleInput)

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
  const rest = Object.entries(fields).filter(([name]) => !used.has(name))
  if (rest.length > 0) mapped.metadata = Object.fromEntries(rest)
  return mapped
}

function normalise(mapped: Record<string, unknown>): Record<string, unknown> {
  const out = { ...mapped }
  if (typeof out.target === 'number' || typeof out.target === 'boolean') out.target = String(out.target)
  if (typeof out.id === 'number') out.id = String(out.id)
  if (typeof out.subset === 'number') out.subset = String(out.subset)
  for (const key of Object.keys(out)) if (out[key] === undefined || out[key] === null) delete out[key]
  return out
}

/** Maps and validates every record; returns the samples, or every problem found with its file, line and field. */
export function toSamples(
  records: Iterable<DataRecord>,
  map: FieldMap = {},
): { samples: Sample[]; issues: DatasetIssue[] } {
  const samples: Sample[] = []
  const issues: DatasetIssue[] = []
  const firstLineOfId = new Map<string, string>()
  const hashCounts = new Map<string, number>()
  for (const record of records) {
    const where = (field?: string): Pick<DatasetIssue, 'file' | 'line' | 'field'> => ({
      file: record.file,
      line: record.line,
      field: [record.path, field].filter(Boolean).join('.') || undefined,
    })
    let mapped: Record<string, unknown>
    try {
      mapped = normalise(typeof map === 'function' ? { ...map(record.fields) } : applyNames(record.fields, map))
    } catch (error) {
      issues.push({ ...where(), message: `the field mapping threw: ${(error as Error).message}` })
      continue
    }
    const explicitId = mapped.id !== undefined
    if (!explicitId) {
      const base = hashSampleContent([mapped.input, mapped.target, mapped.choices ?? null])
      const seen = hashCounts.get(base) ?? 0
      hashCounts.set(base, seen + 1)
      // identical content twice is legitimate in real datasets; the suffix keeps ids stable while the order is
      mapped.id = seen === 0 ? base : `${base}-${seen + 1}`
    }
    const parsed = SampleSchema.safeParse(mapped)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        issues.push({ ...where(issue.path.join('.') || undefined), message: describeIssue(issue.message, issue.path, mapped) })
      }
      continue
    }
    const sample = parsed.data
    const location = record.line === undefined ? `${record.file} ${record.path ?? ''}` : `${record.file}:${record.line}`
    const previous = firstLineOfId.get(sample.id)
    if (previous !== undefined && explicitId) {
      issues.push({ ...where('id'), message: `duplicate sample id "${sample.id}" (first at ${previous})` })
      continue
    }
    firstLineOfId.set(sample.id, location)
    samples.push(sample)
  }
  return { samples, issues }
}

function describeIssue(message: string, path: PropertyKey[], mapped: Record<string, unknown>): string {
  const field = path[0]
  if (typeof field === 'string' && mapped[field] === undefined) {
    return `missing; map it with the "${field}" field option or a mapping function`
  }
  return message
}
