import { basename } from 'node:path'
import type { Benchmark, BenchmarkDefinition } from '../benchmark/index.ts'
import { renderTemplate } from '../prompt/index.ts'
import { datasets, type DatasetSource, type OpenCompassDataset } from '../dataset/index.ts'
import { DatasetError } from '../errors.ts'
import type { Sample } from '../schema/index.ts'
import { checkBuiltinOptions, defineBuiltin, type BuiltinOptions } from './builtin-options.ts'
import { NonEmptyTextSchema } from '../schema/index.ts'

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
function openCompassOfKind(path: string, kind: 'mcq' | 'qa', onLoad: (dataset: OpenCompassDataset) => void): DatasetSource {
  const source = datasets.opencompass(path)
  return {
    description: path,
    isCircular: () => source.isCircular(),
    loadFewShotPool: () => source.loadFewShotPool(),
    async load(): Promise<Sample[]> {
      const dataset = await source.loadDataset()
      onLoad(dataset)
      if (dataset.kind !== kind) {
        const other = dataset.kind
        throw new DatasetError([
          {
            file: path,
            message: `is ${KINDS[other]}, not ${KINDS[kind]}; read it with ${other}() instead, or set "data_type" in ${basename(path)}.meta.json`,
          },
        ])
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
export function defineOpenCompassBuiltin(
  kind: 'mcq' | 'qa',
  options: OpenCompassBuiltinOptions,
  definition: Omit<BenchmarkDefinition, 'name' | 'dataset'>,
): Benchmark {
  checkBuiltinOptions(kind, options, { name: NonEmptyTextSchema.optional() })
  const name = options.name ?? nameOfFile(options.path)
  // the meta file is read with the data, at collection, before any prompt is built
  let fromHumanPrompt = false
  let promptOf: OpenCompassDataset['promptOf']
  const template = definition.prompt
  return defineBuiltin(options, {
    name,
    dataset: openCompassOfKind(options.path, kind, (dataset) => {
      fromHumanPrompt = dataset.meta.humanPrompt !== undefined
      promptOf = dataset.promptOf
    }),
    fewShot: { count: options.fewShot ?? 0 },
    ...definition,
    // a human_prompt places the question, options and answer cue itself: OpenCompass sends it filled in, alone
    ...(typeof template === 'string'
      ? {
          prompt: (sample: Sample) =>
            fromHumanPrompt && typeof sample.input === 'string'
              ? (promptOf?.(sample) ?? sample.input)
              : renderTemplate(template, sample, name),
        }
      : {}),
  })
}
