import { DatasetError, type DatasetIssue } from '../errors.ts'
import type { Sample } from '../schema/index.ts'
import type { DataRecord } from './data-record.ts'
import { toSamples, type FieldMap, type SampleInput } from './field-map.ts'

/** Where a benchmark's samples come from: loaded once, when the benchmark's suite is collected. */
export interface DatasetSource {
  /** Shown in errors and reports, e.g. the file path. */
  readonly description: string
  /** Reads the samples; `fields` replaces the loader's own field mapping (a benchmark's `toSample`). */
  load(fields?: FieldMap): Promise<Sample[]>
}

/** A dataset as `describeBenchmark` accepts it: samples written inline, or a loader from `datasets`. */
export type Dataset = readonly SampleInput[] | DatasetSource

/** Turns records into samples, or throws one error listing every problem found. */
export function samplesOrThrow(records: DataRecord[], map: FieldMap | undefined, issues: DatasetIssue[], label: string): Sample[] {
  const result = toSamples(records, map)
  const all = [...issues, ...result.issues]
  if (all.length > 0) throw new DatasetError(all)
  if (result.samples.length === 0) throw new DatasetError([{ file: label, message: 'no samples' }])
  return result.samples
}

/**
 * Loads any dataset form into validated samples; `fields` maps the records instead of the dataset's own mapping (an
 * inline array may then hold raw records rather than samples).
 */
export async function loadSamples(dataset: Dataset | readonly Record<string, unknown>[], label: string, fields?: FieldMap): Promise<Sample[]> {
  if (isDatasetSource(dataset)) return dataset.load(fields)
  const records = dataset.map((item, index) => ({
    fields: item as unknown as Record<string, unknown>,
    file: label,
    path: `[${index}]`,
  }))
  return samplesOrThrow(records, fields, [], label)
}

function isDatasetSource(dataset: Dataset | readonly Record<string, unknown>[]): dataset is DatasetSource {
  return !Array.isArray(dataset)
}
