import { DatasetError, type DatasetIssue } from '../errors.ts'
import type { ImageReader } from './image-reader.ts'
import type { Sample } from '../schema/index.ts'
import { toSamples } from './collect-samples.ts'
import type { DataRecord } from './data-record.ts'
import type { SampleInput } from './field-map.ts'

/** Where a benchmark's samples come from: loaded once, when the benchmark's suite is collected. */
export interface DatasetSource {
  /** Shown in errors and reports, e.g. the file path. */
  readonly description: string
  load(): Promise<Sample[]>
  /**
   * The raw records with their file and line, before any field mapping (the loaders of `datasets` have it): for a
   * pipeline that shuffles or limits records before it makes samples of them.
   */
  loadRecords?(): Promise<DataRecord[]>
  /** Whether the data asks for circular evaluation, as an OpenCompass meta file's `data_type: "circular-mcq"` does. */
  isCircular?(): Promise<boolean>
  /** The few-shot examples the data comes with, as EvalScope pairs `<subset>_dev` with `<subset>_val`; none when absent. */
  loadFewShotPool?(): Promise<Sample[] | undefined>
  /**
   * A reader of the local images its records name, within the folders its loader allows: for records a benchmark's
   * `toSample` maps, so that they read images as the loader would.
   * @internal
   */
  imageReader?(): ImageReader
}

/** A dataset as `describeBenchmark` accepts it: samples written inline, or a loader from `datasets`. */
export type Dataset = readonly SampleInput[] | DatasetSource

/** Throws one error listing every issue, sorted by file and line; refuses a dataset with no samples. */
export function throwIfInvalid(issues: DatasetIssue[], sampleCount: number, label: string, emptyFile = false): void {
  if (issues.length > 0) throw new DatasetError(sortIssues(issues))
  if (sampleCount === 0) throw new DatasetError([{ file: label, message: emptyFile ? 'the file is empty' : 'no samples' }])
}

function sortIssues(issues: DatasetIssue[]): DatasetIssue[] {
  return issues
    .map((issue, order) => ({ issue, order }))
    .sort((a, b) => a.issue.file.localeCompare(b.issue.file) || (a.issue.line ?? 0) - (b.issue.line ?? 0) || a.order - b.order)
    .map(({ issue }) => issue)
}

/** Inline samples as records, each named by its index. */
function inlineRecords(dataset: readonly SampleInput[], label: string): DataRecord[] {
  return dataset.map((item, index) => ({ fields: item as unknown as Record<string, unknown>, file: label, path: `[${index}]` }))
}

/** Loads any dataset form into validated samples. */
export async function loadSamples(dataset: Dataset, label: string): Promise<Sample[]> {
  if (isDatasetSource(dataset)) return dataset.load()
  const { samples, issues } = toSamples(inlineRecords(dataset, label))
  throwIfInvalid(issues, samples.length, label)
  return samples
}

/**
 * Loads any dataset form as raw records: a file's records before field mapping, inline samples as they were
 * written, and the samples of a source that cannot give records.
 */
export async function loadRecords(dataset: Dataset, label: string): Promise<DataRecord[]> {
  if (!isDatasetSource(dataset)) return inlineRecords(dataset, label)
  if (dataset.loadRecords) return dataset.loadRecords()
  const samples = await dataset.load()
  return inlineRecords(samples, label)
}

/** Whether a dataset asks for circular evaluation; inline samples never do. */
export async function asksCircular(dataset: Dataset): Promise<boolean> {
  return isDatasetSource(dataset) && dataset.isCircular !== undefined && (await dataset.isCircular())
}

/** The few-shot examples a dataset comes with (an EvalScope `_dev` file); inline samples come with none. */
export async function loadFewShotPool(dataset: Dataset): Promise<Sample[] | undefined> {
  return isDatasetSource(dataset) && dataset.loadFewShotPool !== undefined ? dataset.loadFewShotPool() : undefined
}

function isDatasetSource(dataset: Dataset): dataset is DatasetSource {
  return !Array.isArray(dataset)
}
