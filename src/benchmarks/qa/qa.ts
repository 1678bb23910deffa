import type { Benchmark } from '../../benchmark/index.ts'
import { defineOpenCompassBuiltin, type OpenCompassBuiltinOptions } from '../opencompass-builtin.ts'
import { OPEN_ANSWER } from '../../scoring/index.ts'
import { SHORT_ANSWER_RULE } from '../../prompt/index.ts'

/** Options of `qa`. */
export type QaOptions = OpenCompassBuiltinOptions

/**
 * Your own questions with short answers in OpenCompass's custom-dataset layout (`question`, `answer`), in a `.jsonl` or
 * `.csv` file; the reply's last "ANSWER:" line (the whole reply when it has none) must equal the answer, ignoring case
 * and spacing.
 * @example describeBenchmark(qa({ path: 'evals/data/facts.jsonl' }), { model })
 */
export function qa(options: QaOptions): Benchmark {
  return defineOpenCompassBuiltin('qa', options, {
    prettyName: 'Question answering (OpenCompass layout)',
    description:
      'Questions with a short reference answer, from an OpenCompass custom dataset (a `<file>.meta.json` beside it may rename the columns or set a prompt). The answer is read from the last "ANSWER:" line of the reply (the whole reply when it has none) and compared exactly, ignoring case and runs of spaces. An `id` column gives the sample id and a `subset` column its subset; other columns are kept as metadata. The prompt is the question and the rule of the "ANSWER:" line; a `human_prompt` in the meta file is sent instead, filled in and alone, as OpenCompass sends it.',
    tags: ['question-answering', 'custom'],
    expectedFields: {
      question: 'the question',
      answer: 'the reference answer',
      id: 'optional: the sample id (a content hash otherwise)',
      subset: "optional: the sample's subset",
    },
    prompt: `{input}\n\n${SHORT_ANSWER_RULE}`,
    answer: OPEN_ANSWER,
  })
}
