import { z } from 'zod'
import { DEFAULT_CHOICE_PROMPT, defineBenchmark, type Benchmark } from '../../benchmark/index.ts'
import type { SampleInput } from '../../dataset/index.ts'
import { checkBuiltinOptions, selectionDefaults, type BuiltinOptions } from '../builtin-options.ts'
import { idAndMetadata, nameOfFile, openCompassFile } from '../opencompass-file.ts'

/** Options of `mcq`. */
export interface McqOptions extends BuiltinOptions {
  /** The benchmark's name. @default the file's base name, as OpenCompass names a custom dataset */
  name?: string
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

function mcqSample(record: Record<string, unknown>): SampleInput {
  const letters: string[] = []
  for (const letter of LETTERS) {
    if (record[letter] === undefined || record[letter] === null) break
    letters.push(letter)
  }
  if (letters.length < 2) throw new Error('needs option fields A, B, ... (at least two, in order)')
  const answer = String(record.answer ?? '').trim()
  if (!letters.includes(answer)) throw new Error(`field "answer" is "${answer}", which names none of the options ${letters[0]}–${letters.at(-1)}`)
  return {
    ...idAndMetadata(record, ['question', 'answer', ...letters]),
    input: String(record.question ?? ''),
    choices: letters.map((letter) => String(record[letter])),
    target: answer,
  }
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
      'Multiple-choice questions from a file in the layout of OpenCompass custom datasets. The options are the fields A, B, C, ... present from A on; other fields are kept as metadata (and can be used in the prompt).',
    tags: ['multiple-choice', 'custom'],
    expectedFields: {
      question: 'the question',
      'A, B, C, ...': 'the options, at least two, consecutive from A',
      answer: 'the letter of the right option',
      id: 'optional: the sample id (a content hash otherwise)',
    },
    dataset: openCompassFile(options.path),
    toSample: mcqSample,
    fewShot: { count: options.fewShot ?? 0 },
    promptTemplate: DEFAULT_CHOICE_PROMPT,
    extractAnswer: { kind: 'choice' },
    metrics: ['accuracy'],
    primaryMetric: 'accuracy',
    defaults: selectionDefaults(options),
  })
}
