import { compiledAfter, plainSample, SampleSchema, type Sample } from '../schema/index.ts'
import type { DatasetIssue } from '../errors.ts'
import type { DataRecord } from './data-record.ts'
import { fieldMapConverter, normalise, type FieldMap, type RecordConverter } from './field-map.ts'
import { layoutHint } from './layout-hint.ts'
import { missingImageProblems } from './image-markers.ts'
import { createImageReader, type ImageReader } from './image-reader.ts'
import { resolveImageList, resolveMessageImages } from './message-images.ts'
import { hashSampleContent } from './sample-id.ts'
import { describeZodIssues } from './zod-issues.ts'

/** Turns records into validated samples one at a time, so a streamed file never needs all its records at once. */
export interface SampleCollector {
  add(record: DataRecord): void
  readonly samples: Sample[]
  /** Every problem found so far, with its file, line and field. */
  readonly issues: DatasetIssue[]
}

/** How a format names a missing reference answer: its field, and what to do. */
export interface MissingTarget {
  field: string
  message: string
}

const MISSING_TARGET: MissingTarget = { field: 'target', message: 'missing; map it with the "target" field option or a mapping function' }

/**
 * A collector that converts records (with a field map, or a format's own converter), reads their images with `images`,
 * gives samples without an id a content hash, and refuses duplicate ids. A file where no record has a reference
 * answer is reference-free (for a judge to score); where some have one, a record without one is a mistake, reported
 * as `missing`.
 */
export function createSampleCollector(
  convert: RecordConverter = fieldMapConverter(),
  missing: MissingTarget = MISSING_TARGET,
  images: ImageReader = createImageReader(),
): SampleCollector {
  const samples: Sample[] = []
  const found: DatasetIssue[] = []
  // said once, above the records it explains
  let hint: DatasetIssue | undefined
  const unreferenced: DataRecord[] = []
  const firstPlaceOfId = new Map<string, Omit<DataRecord, 'fields'>>()
  const hashCounts = new Map<string, number>()
  const schema = compiledAfter(SampleSchema)
  return {
    samples,
    get issues() {
      const issues = hint === undefined ? found : [hint, ...found]
      if (unreferenced.length === 0 || unreferenced.length === samples.length) return issues
      return [...issues, ...unreferenced.map((record) => issueAt(record, missing.field, missing.message))]
    },
    add(record) {
      const converted = convert(record)
      if (Array.isArray(converted)) {
        for (const problem of converted) found.push(issueAt(record, problem.field, problem.message))
        return
      }
      const mapped = normalise(converted)
      if (mapped.images !== undefined) {
        const resolved = resolveImageList(mapped.images, record.file, images)
        if (resolved.problems.length > 0) {
          for (const problem of resolved.problems) found.push(issueAt(record, problem.field, problem.message))
          return
        }
        mapped.images = resolved.images
      }
      const explicitId = mapped.id !== undefined
      if (!explicitId) {
        const base = hashSampleContent([mapped.input, mapped.target, mapped.choices ?? null])
        const seen = hashCounts.get(base) ?? 0
        hashCounts.set(base, seen + 1)
        // identical content twice is legitimate in real datasets; the suffix keeps ids stable while the order is
        mapped.id = seen === 0 ? base : `${base}-${seen + 1}`
      }
      const plain = plainSample(mapped)
      const parsed = plain === undefined ? schema.safeParse(mapped, { reportInput: true }) : { success: true as const, data: plain }
      if (!parsed.success) {
        for (const problem of describeZodIssues(parsed.error.issues)) {
          const unmapped = problem.message === 'missing' && problem.field !== undefined && !problem.field.includes('.')
          const message = unmapped ? `missing; map it with the "${problem.field}" field option or a mapping function` : problem.message
          if (unmapped && problem.field === 'input') hint ??= layoutHint(record)
          found.push(issueAt(record, problem.field, message))
        }
        return
      }
      const sample = resolveMessageImages(parsed.data, record.file, images)
      const problems = 'problems' in sample ? sample.problems : missingImageProblems(sample)
      if ('problems' in sample || problems.length > 0) {
        for (const problem of problems) found.push(issueAt(record, problem.field, problem.message))
        return
      }
      const previous = firstPlaceOfId.get(sample.id)
      if (previous !== undefined && explicitId) {
        found.push(issueAt(record, 'id', `duplicate sample id "${sample.id}" (first at ${placeOf(previous)})`))
        return
      }
      firstPlaceOfId.set(sample.id, { file: record.file, line: record.line, path: record.path })
      if (sample.target === undefined) unreferenced.push(record)
      samples.push(sample)
    },
  }
}

function issueAt(record: Omit<DataRecord, 'fields'>, field: string | undefined, message: string): DatasetIssue {
  return { file: record.file, line: record.line, field: [record.path, field].filter(Boolean).join('.') || undefined, message }
}

function placeOf(record: Omit<DataRecord, 'fields'>): string {
  const place = record.line === undefined ? record.file : `${record.file}:${record.line}`
  return record.path === undefined ? place : `${place} ${record.path}`
}

/** Maps and validates every record; returns the samples, or every problem found with its file, line and field. */
export function toSamples(
  records: Iterable<DataRecord>,
  map?: FieldMap,
  images: ImageReader = createImageReader(),
): { samples: Sample[]; issues: DatasetIssue[] } {
  const collector = createSampleCollector(fieldMapConverter(map), undefined, images)
  for (const record of records) collector.add(record)
  return { samples: collector.samples, issues: collector.issues }
}
