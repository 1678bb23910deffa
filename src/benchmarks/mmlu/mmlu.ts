import { z } from 'zod'
import type { Benchmark } from '../../benchmark/index.ts'
import { DEFAULT_CHOICE_PROMPT } from '../../prompt/index.ts'
import { checkBuiltinOptions, defineBuiltin, type BuiltinOptions } from '../builtin-options.ts'
import { mmluSplit } from './mmlu-dataset.ts'
import { MMLU_CATEGORIES, MMLU_SUBJECTS } from './subjects.ts'

/** Options of `mmlu`. */
export interface MmluOptions extends BuiltinOptions {
  /** The MMLU data folder, holding `dev/`, `val/` and `test/` with one headerless CSV per subject. */
  path: string
  /** The split to evaluate on. @default "test" */
  split?: 'test' | 'val'
  /** Only these subjects (as the files name them, e.g. "college_physics"). @default all 57 */
  subjects?: string[]
  /** Examples per prompt, from the same subject's dev questions. @default 5 */
  fewShot?: number
}

const SUBJECT_NAMES = Object.keys(MMLU_SUBJECTS)

/**
 * MMLU (57 subjects of multiple-choice questions, grouped into four categories as subsets), 5-shot from the dev split
 * by default.
 * @example describeBenchmark(mmlu({ path: 'data/mmlu', subjects: ['college_physics'] }), { model })
 */
export function mmlu(options: MmluOptions): Benchmark {
  checkBuiltinOptions('mmlu', options, {
    split: z.enum(['test', 'val']).optional(),
    subjects: z
      .array(z.enum(SUBJECT_NAMES as [string, ...string[]]))
      .min(1)
      .optional(),
  })
  const subjects = options.subjects ?? SUBJECT_NAMES
  const split = options.split ?? 'test'
  return defineBuiltin(options, {
    name: 'mmlu',
    prettyName: 'MMLU',
    description:
      'Massive Multitask Language Understanding (Hendrycks et al., 2021): four-option questions in 57 subjects, 14,042 in the test split, grouped into the categories STEM, humanities, social sciences and other. Few-shot examples are the first dev questions of the same subject.',
    tags: ['knowledge', 'multiple-choice'],
    expectedFields: {
      'folder layout': '`<path>/<split>/<subject>_<split>.csv` for the splits dev, val and test, as in the original release',
      'columns (no header row)': 'question, A, B, C, D, answer (the letter of the right option)',
    },
    dataset: mmluSplit(options.path, split, subjects),
    subsets: [...MMLU_CATEGORIES],
    fewShot: { dataset: mmluSplit(options.path, 'dev', subjects), count: options.fewShot ?? 5, groupBy: 'subject' },
    prompt: DEFAULT_CHOICE_PROMPT,
    fewShotTemplate: 'Multiple-choice questions about {subjectName}, each with its answer:\n\n{examples}\n\n{prompt}',
    toFewShot: '{input}\n\n{choices}\nANSWER: {target}',
    answer: { kind: 'choice' },
  })
}
