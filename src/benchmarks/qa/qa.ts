import { z } from 'zod'
import { defineBenchmark, type Benchmark } from '../../benchmark/index.ts'
import type { SampleInput } from '../../dataset/index.ts'
import { checkBuiltinOptions, selectionDefaults, type BuiltinOptions } from '../builtin-options.ts'
import { idAndMetadata, nameOfFile, openCompassFile } from '../opencompass-file.ts'

/** Options of `qa`. */
export interface QaOptions extends BuiltinOptions {
  /** The benchmark's name. @default the file's base name, as OpenCompass names a custom dataset */
  name?: string
}

function qaSample(record: Record<string, unknown>): SampleInput {
  if (record.answer === undefined || record.answer === null) throw new Error('needs a field "answer"')
  return { ...idAndMetadata(record, ['question', 'answer']), input: String(record.question ?? ''), target: String(record.answer) }
}

/**
 * Your own questions with short answers in OpenCompass's custom-dataset layout (`question`, `answer`), in a `.jsonl` or
 * `.csv` file; the reply's last "ANSWER:" line must equal the answer, ignoring case and spacing.
 * @example describeBenchmark(qa({ path: 'evals/data/facts.jsonl' }), { model })
 */
export function qa(options: QaOptions): Benchmark {
  checkBuiltinOptions('qa', options, { name: z.string().min(1).optional() })
  return defineBenchmark({
    name: options.name ?? nameOfFile(options.path),
    prettyName: 'Question answering (OpenCompass layout)',
    description:
      'Questions with a short reference answer, from a file in the layout of OpenCompass custom datasets. The answer is read from the last "ANSWER:" line of the reply and compared exactly, ignoring case and runs of spaces; other fields are kept as metadata.',
    tags: ['question-answering', 'custom'],
    expectedFields: {
      question: 'the question',
      answer: 'the reference answer',
      id: 'optional: the sample id (a content hash otherwise)',
    },
    dataset: openCompassFile(options.path),
    toSample: qaSample,
    fewShot: { count: options.fewShot ?? 0 },
    promptTemplate: '{input}\n\nKeep the answer short, and give it on the last line as "ANSWER: <answer>".',
    extractAnswer: { kind: 'regex', pattern: /ANSWER:[ \t]*(.+?)[ \t]*$(?![\s\S]*ANSWER:)/im },
    metrics: ['accuracy'],
    primaryMetric: 'accuracy',
    defaults: selectionDefaults(options),
  })
}
