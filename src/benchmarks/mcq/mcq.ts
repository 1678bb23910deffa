import { z } from 'zod'
import { DEFAULT_CHOICE_PROMPT, defineBenchmark, type Benchmark } from '../../benchmark/index.ts'
import { checkBuiltinOptions, selectionDefaults, type BuiltinOptions } from '../builtin-options.ts'
import { nameOfFile, openCompassOfKind } from '../opencompass-file.ts'

/** Options of `mcq`. */
export interface McqOptions extends BuiltinOptions {
  /** The benchmark's name. @default the file name up to its first dot, as OpenCompass names a custom dataset */
  name?: string
}

/**
 * Your own multiple-choice questions in OpenCompass's custom-dataset layout: `question`, options `A`, `B`, ... and
 * the `answer` letter, in a `.jsonl` or `.csv` file.
 * @example describeBenchmark(mcq({ path: 'evals/data/quiz.csv' }), { model })
 */
export function mcq(options: McqOptions): Benchmark {
  checkBuiltinOptions('mcq', options, { name: z.string().min(1).optional() })
  return defineBenchmark({
    name: options.name ?? nameOfFile(options.path),
    prettyName: 'Multiple choice (OpenCompass layout)',
    description:
      'Multiple-choice questions from an OpenCompass custom dataset: the options are the columns A, B, C, ... from A on, and a `<file>.meta.json` beside the file may rename the columns or set a prompt. An `id` column gives the sample id and a `subset` column its subset; other columns are kept as metadata (and can be used in the prompt).',
    tags: ['multiple-choice', 'custom'],
    expectedFields: {
      question: 'the question',
      'A, B, C, ...': 'the options, at least two, consecutive from A',
      answer: 'the letter of the right option',
      id: 'optional: the sample id (a content hash otherwise)',
      subset: 'optional: the sample\'s subset',
    },
    dataset: openCompassOfKind(options.path, 'mcq'),
    fewShot: { count: options.fewShot ?? 0 },
    promptTemplate: DEFAULT_CHOICE_PROMPT,
    extractAnswer: { kind: 'choice' },
    metrics: ['accuracy'],
    primaryMetric: 'accuracy',
    defaults: selectionDefaults(options),
  })
}
