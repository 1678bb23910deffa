import { statSync } from 'node:fs'
import type { DatasetIssue } from '../errors.ts'
import type { Sample } from '../schema/index.ts'
import { createSampleCollector, type MissingTarget } from './collect-samples.ts'
import type { DataRecord } from './data-record.ts'
import { throwIfInvalid, type DatasetSource } from './dataset-source.ts'
import type { RecordConverter } from './field-map.ts'
import { listDataFiles } from './file-list.ts'
import { createImageReader, type ImageReader } from './image-reader.ts'

/** Reads one file's records in batches, adding what is wrong to `issues`. */
export type RecordReader = (file: string, issues: DatasetIssue[]) => AsyncIterable<DataRecord[]>

/** A data file format: the file name endings read from a folder, and its reader. */
export interface FileFormat {
  extensions: readonly string[]
  read: RecordReader
}

/** A dataset read from a file, or from every file of the format in a folder (in name order). */
export interface FileDatasetSource extends DatasetSource {
  loadRecords(): Promise<DataRecord[]>
}

/** Streams the records of every file a path names; issues are collected, never thrown, so all are reported. */
export async function* readRecords(path: string, format: FileFormat, issues: DatasetIssue[]): AsyncGenerator<DataRecord[]> {
  for (const file of await listDataFiles(path, format.extensions)) yield* format.read(file, issues)
}

/** True when `path` is a file of zero bytes: worth its own message. */
export function isEmptyFile(path: string): boolean {
  const stats = statSync(path, { throwIfNoEntry: false })
  return stats !== undefined && stats.isFile() && stats.size === 0
}

/**
 * A source whose samples are streamed from the files of `path` and validated as they come; each load reads its images
 * with a reader of its own from `images`.
 */
export function createFileSource(
  path: string,
  format: FileFormat,
  convert: RecordConverter,
  missing?: MissingTarget,
  images: () => ImageReader = createImageReader,
): FileDatasetSource {
  return {
    description: path,
    async load(): Promise<Sample[]> {
      const issues: DatasetIssue[] = []
      const collector = createSampleCollector(convert, missing, images())
      for await (const records of readRecords(path, format, issues)) for (const record of records) collector.add(record)
      throwIfInvalid([...issues, ...collector.issues], collector.samples.length, path, isEmptyFile(path))
      return collector.samples
    },
    async loadRecords(): Promise<DataRecord[]> {
      const issues: DatasetIssue[] = []
      const all: DataRecord[] = []
      for await (const records of readRecords(path, format, issues)) for (const record of records) all.push(record)
      throwIfInvalid(issues, all.length, path, isEmptyFile(path))
      return all
    },
    imageReader: images,
  }
}
