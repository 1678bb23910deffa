import type { Benchmark } from '../../benchmark/index.ts'
import { DEFAULT_CHOICE_PROMPT } from '../../prompt/index.ts'
import { defineOpenCompassBuiltin, type OpenCompassBuiltinOptions } from '../opencompass-builtin.ts'

/** Options of `mcq`. */
export type McqOptions = OpenCompassBuiltinOptions

/**
 * Your own multiple-choice questions in OpenCompass's custom-dataset layout: `question`, options `A`, `B`, ... and
 * the `answer` letter, in a `.jsonl` or `.csv` file.
 * @example describeBenchmark(mcq({ path: 'evals/data/quiz.csv' }), { model })
 */
export function mcq(options: McqOptions): Benchmark {
  return defineOpenCompassBuiltin('mcq', options, {
    prettyName: 'Multiple choice (OpenCompass layout)',
    description:
      'Multiple-choice questions from an OpenCompass custom dataset: the options are the columns A, B, C, ... from A on, and a `<file>.meta.json` beside the file may rename the columns or set a prompt. An `id` column gives the sample id and a `subset` column its subset; other columns are kept as metadata (and can be used in the prompt). The prompt is the question, its lettered options and a last line "ANSWER: X" to give; a `human_prompt` in the meta file is sent instead, filled in and alone, as OpenCompass sends it.',
    tags: ['multiple-choice', 'custom'],
    expectedFields: {
      question: 'the question',
      'A, B, C, ...': 'the options, at least two, consecutive from A',
      answer: 'the letter of the right option',
      id: 'optional: the sample id (a content hash otherwise)',
      subset: "optional: the sample's subset",
    },
    prompt: DEFAULT_CHOICE_PROMPT,
    answer: { kind: 'choice' },
  })
}
