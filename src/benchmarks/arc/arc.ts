import type { Benchmark } from '../../benchmark/index.ts'
import { DEFAULT_CHOICE_PROMPT } from '../../prompt/index.ts'
import { datasets, type SampleInput } from '../../dataset/index.ts'
import { checkBuiltinOptions, defineBuiltin, type BuiltinOptions } from '../builtin-options.ts'
import { NonEmptyTextSchema } from '../../schema/index.ts'

/** Options of `arc`. */
export interface ArcOptions extends BuiltinOptions {
  /** A train file of the same layout, to draw few-shot examples from; without it, from the other questions. */
  fewShotPath?: string
}

const LETTERS = 'ABCDEFGHIJ'

interface ArcChoices {
  texts: unknown[]
  labels: unknown[]
}

// the original release nests the choices under the question; the Hugging Face copy keeps parallel lists
function choicesOf(record: Record<string, unknown>): { stem: unknown; choices: ArcChoices } {
  const question = record.question
  if (question !== null && typeof question === 'object' && 'stem' in question) {
    const list = ((question as { choices?: unknown }).choices ?? []) as Array<{ text?: unknown; label?: unknown }>
    return { stem: (question as { stem: unknown }).stem, choices: { texts: list.map((c) => c.text), labels: list.map((c) => c.label) } }
  }
  const parallel = (record.choices ?? {}) as { text?: unknown[]; label?: unknown[] }
  return { stem: question, choices: { texts: parallel.text ?? [], labels: parallel.label ?? [] } }
}

function arcSample(record: Record<string, unknown>): SampleInput {
  const { stem, choices } = choicesOf(record)
  const labels = choices.labels.map(String)
  const index = labels.indexOf(String(record.answerKey))
  // some questions label their options 1-4 instead of A-D; the sample always letters them
  if (index < 0)
    throw new Error(`field "answerKey" is "${String(record.answerKey)}", which labels none of the options (${labels.join(', ')})`)
  return {
    ...(record.id === undefined ? {} : { id: record.id as string }),
    input: String(stem ?? ''),
    choices: choices.texts.map(String),
    target: LETTERS[index] ?? String(index),
  }
}

/**
 * ARC, the AI2 Reasoning Challenge: grade-school science questions with three to five options (the Easy or the
 * Challenge set, whichever file is given).
 * @example describeBenchmark(arc({ path: 'data/arc/ARC-Challenge-Test.jsonl' }), { model })
 */
export function arc(options: ArcOptions): Benchmark {
  checkBuiltinOptions('arc', options, { fewShotPath: NonEmptyTextSchema.optional() })
  return defineBuiltin(options, {
    name: 'arc',
    prettyName: 'ARC',
    description:
      'The AI2 Reasoning Challenge (Clark et al., 2018): grade-school science questions with three to five options, in an Easy and a Challenge set. Options labelled 1–5 are lettered A–E.',
    tags: ['science', 'reasoning', 'multiple-choice'],
    expectedFields: {
      id: 'the question id',
      question:
        'the question: `{ stem, choices: [{ text, label }] }` in the original release, or the text with `choices: { text: [...], label: [...] }` beside it',
      answerKey: 'the label of the right option',
    },
    dataset: datasets.jsonl(options.path),
    toSample: arcSample,
    fewShot: { ...(options.fewShotPath ? { dataset: datasets.jsonl(options.fewShotPath) } : {}), count: options.fewShot ?? 0 },
    prompt: DEFAULT_CHOICE_PROMPT,
    toFewShot: '{input}\n\n{choices}\nANSWER: {target}',
    answer: { kind: 'choice' },
  })
}
