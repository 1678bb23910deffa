import { extname } from 'node:path'
import { DatasetError } from '../errors.ts'
import { devFileOf } from './dev-file.ts'
import type { Sample } from '../schema/index.ts'
import type { DatasetSource } from './dataset-source.ts'
import { EVALSCOPE_MISSING_RESPONSE, evalScopeQaConverter } from './evalscope-qa.ts'
import { createFileSource, type FileFormat } from './file-source.ts'
import { csvFormat, JSONL_FORMAT, tsvFormat } from './formats.ts'
import { firstRecord } from './first-record.ts'
import { loadOpenCompassDataset } from './opencompass.ts'

/** Options of `datasets.evalscope`. */
export interface EvalScopeOptions {
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

/** Whether EvalScope reads the file as multiple choice: its first record has option columns `A` and `B`. */
export async function isEvalScopeMcq(path: string): Promise<boolean> {
  const first = await firstRecord(path, evalScopeFileFormat(path))
  return first !== undefined && 'A' in first.fields && 'B' in first.fields
}

/**
 * Loads an EvalScope custom dataset: general MCQ (`id`, `question`, `A`, `B`, ..., `answer`), read by the same column
 * rules as an OpenCompass one, or general QA in any of its shapes.
 */
async function loadEvalScopeDataset(path: string, options: EvalScopeOptions = {}): Promise<{ kind: 'mcq' | 'qa'; samples: Sample[] }> {
  const subset = options.subset ?? 'subset'
  if (await isEvalScopeMcq(path)) {
    const { kind, samples } = await loadOpenCompassDataset(path, { subset })
    return { kind, samples }
  }
  return { kind: 'qa', samples: await createFileSource(path, evalScopeFileFormat(path), evalScopeQaConverter(subset), EVALSCOPE_MISSING_RESPONSE).load() }
}

/** The EvalScope custom dataset at `path`, as a source for `describeBenchmark`. */
export function evalScopeSource(path: string, options: EvalScopeOptions = {}): DatasetSource {
  return {
    description: path,
    load: async () => (await loadEvalScopeDataset(path, options)).samples,
    async loadFewShotPool() {
      const dev = devFileOf(path)
      return dev === undefined ? undefined : (await loadEvalScopeDataset(dev, options)).samples
    },
  }
}
