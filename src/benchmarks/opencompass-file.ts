import { basename } from 'node:path'
import { datasets, type DatasetSource } from '../dataset/index.ts'
import { DatasetError } from '../errors.ts'
import type { Sample } from '../schema/index.ts'

const KINDS = { mcq: 'multiple choice (options A, B, ...)', qa: 'question answering (no option columns)' }

/**
 * An OpenCompass custom dataset (with its `.meta.json`, if any) that must be of one kind: a file detected as the
 * other kind is an error naming the built-in to use instead.
 */
export function openCompassOfKind(path: string, kind: 'mcq' | 'qa'): DatasetSource {
  const source = datasets.opencompass(path)
  return {
    description: path,
    async load(): Promise<Sample[]> {
      const dataset = await source.loadDataset()
      if (dataset.kind !== kind) {
        const other = dataset.kind
        throw new DatasetError([{ file: path, message: `is ${KINDS[other]}, not ${KINDS[kind]}; read it with ${other}() instead, or set "data_type" in ${basename(path)}.meta.json` }])
      }
      return dataset.samples
    },
  }
}

/** The name OpenCompass gives a custom dataset without an `abbr`: its file name up to the first dot. */
export function nameOfFile(path: string): string {
  return basename(path).split('.')[0] ?? path
}
