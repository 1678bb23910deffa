import { basename } from 'node:path'
import { z } from 'zod'
import type { Benchmark, BenchmarkDefinition } from '../benchmark/index.ts'
import { datasets, type DatasetSource } from '../dataset/index.ts'
import { DatasetError } from '../errors.ts'
import type { Sample } from '../schema/index.ts'
import { checkBuiltinOptions, defineBuiltin, type BuiltinOptions } from './builtin-options.ts'

/** Options of `mcq` and `qa`. */
export interface OpenCompassBuiltinOptions extends BuiltinOptions {
  /** The benchmark's name. @default the file name up to its first dot, as OpenCompass names a custom dataset */
  name?: string
}

const KINDS = { mcq: 'multiple choice (options A, B, ...)', qa: 'question answering (no option columns)' }

/**
 * An OpenCompass custom dataset (with its `.meta.json`, if any) that must be of one kind: a file detected as the
 * other kind is an error naming the built-in to use instead.
 */
function openCompassOfKind(path: string, kind: 'mcq' | 'qa'): DatasetSource {
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
function nameOfFile(path: string): string {
  return basename(path).split('.')[0] ?? path
}

/** `mcq` or `qa`: a built-in over an OpenCompass custom dataset of that kind, named after the file. */
export function defineOpenCompassBuiltin(kind: 'mcq' | 'qa', options: OpenCompassBuiltinOptions, definition: Omit<BenchmarkDefinition, 'name' | 'dataset'>): Benchmark {
  checkBuiltinOptions(kind, options, { name: z.string().min(1).optional() })
  return defineBuiltin(options, {
    name: options.name ?? nameOfFile(options.path),
    dataset: openCompassOfKind(options.path, kind),
    fewShot: { count: options.fewShot ?? 0 },
    ...definition,
  })
}
