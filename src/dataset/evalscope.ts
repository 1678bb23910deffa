import { extname } from 'node:path'
import { DatasetError } from '../errors.ts'
import { devFileOf } from './dev-file.ts'
import type { Sample } from '../schema/index.ts'
import type { DatasetSource } from './dataset-source.ts'
import { EVALSCOPE_MISSING_RESPONSE, evalScopeQaConverter } from './evalscope-qa.ts'
import { fieldMapConverter } from './field-map.ts'
import { createFileSource, type FileFormat } from './file-source.ts'
import { csvFormat, JSONL_FORMAT, tsvFormat } from './formats.ts'
import { firstRecord } from './first-record.ts'
import { imageReaderOf, type ImageOptions } from './image-options.ts'
import type { ImageReader } from './image-reader.ts'
import { listCell } from './list-cell.ts'
import { readOpenCompassDataset } from './opencompass.ts'

/** Options of `datasets.evalscope`. */
export interface EvalScopeOptions extends ImageOptions {
  /** The field holding each sample's subset. @default "subset" */
  subset?: string
}

/** The reader of an EvalScope custom file by its extension: `.jsonl`, `.csv` or `.tsv`. */
export function evalScopeFileFormat(path: string): FileFormat {
  const extension = extname(path).toLowerCase()
  if (extension === '.jsonl') return JSONL_FORMAT
  if (extension === '.csv') return csvFormat(true)
  if (extension === '.tsv') return tsvFormat(true)
  throw new DatasetError([{ file: path, message: 'an EvalScope custom dataset is a .jsonl, .csv or .tsv file' }])
}

/**
 * How EvalScope reads the file as multiple choice, from its first record: `columns` for option columns `A` and `B`,
 * `list` for an `options` list (in a TSV file, a JSON list in one cell), as its multimodal files write them.
 */
export async function evalScopeMcqShape(path: string): Promise<'columns' | 'list' | undefined> {
  const first = await firstRecord(path, evalScopeFileFormat(path))
  if (first === undefined) return undefined
  if ('A' in first.fields && 'B' in first.fields) return 'columns'
  return 'question' in first.fields && Array.isArray(listCell(first.fields.options)) ? 'list' : undefined
}

/**
 * Loads an EvalScope custom dataset: general MCQ (`id`, `question`, `A`, `B`, ..., `answer`), read by the same column
 * rules as an OpenCompass one, multimodal MCQ (`question`, an `options` list, `answer`, `image_N`), or general QA in any
 * of its shapes. `images` reads the local images, and then tells which it read.
 */
export async function readEvalScopeDataset(
  path: string,
  options: EvalScopeOptions,
  images: ImageReader,
): Promise<{ kind: 'mcq' | 'qa'; samples: Sample[]; columns?: string[] }> {
  const subset = options.subset ?? 'subset'
  const shape = await evalScopeMcqShape(path)
  if (shape === 'columns') {
    const { kind, samples, meta } = await readOpenCompassDataset(path, { subset }, images)
    return { kind, samples, columns: meta.columns }
  }
  const [convert, missing] =
    shape === 'list' ? [fieldMapConverter({ subset }), undefined] : [evalScopeQaConverter(subset), EVALSCOPE_MISSING_RESPONSE]
  const samples = await createFileSource(path, evalScopeFileFormat(path), convert, missing, () => images).load()
  return { kind: shape === 'list' ? 'mcq' : 'qa', samples }
}

/** The EvalScope custom dataset at `path`, as a source for `describeBenchmark`. */
export function evalScopeSource(path: string, options: EvalScopeOptions = {}): DatasetSource {
  return {
    description: path,
    load: async () => (await readEvalScopeDataset(path, options, imageReaderOf(options))).samples,
    async loadFewShotPool() {
      const dev = devFileOf(path)
      return dev === undefined ? undefined : (await readEvalScopeDataset(dev, options, imageReaderOf(options))).samples
    },
  }
}
