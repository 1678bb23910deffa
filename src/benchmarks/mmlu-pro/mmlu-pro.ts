import type { Benchmark } from '../../benchmark/index.ts'
import { datasets, type SampleInput } from '../../dataset/index.ts'
import { checkBuiltinOptions, defineBuiltin, type BuiltinOptions } from '../builtin-options.ts'
import { NonEmptyTextSchema } from '../../schema/index.ts'

/** Options of `mmluPro`. */
export interface MmluProOptions extends BuiltinOptions {
  /** MMLU-Pro's validation split (same fields, with a worked `cot_content`), for chain-of-thought examples of the same category. */
  fewShotPath?: string
  /** Examples per prompt. @default 5 with `fewShotPath`, else 0 */
  fewShot?: number
}

/** MMLU-Pro's 14 categories, its subsets. */
export const MMLU_PRO_CATEGORIES = [
  'biology',
  'business',
  'chemistry',
  'computer science',
  'economics',
  'engineering',
  'health',
  'history',
  'law',
  'math',
  'other',
  'philosophy',
  'physics',
  'psychology',
] as const

function mmluProSample(record: Record<string, unknown>): SampleInput {
  const answer = String(record.answer ?? '')
  // the validation split's worked answers start with "A: " and end with "The answer is (X)."
  const cot = String(record.cot_content ?? '')
    .replace(/^A:\s*/, '')
    .trim()
  return {
    id: record.question_id as string | number,
    input: String(record.question ?? ''),
    choices: record.options as string[],
    target: answer,
    metadata: { category: record.category, src: record.src, cot: cot || `The answer is (${answer}).` },
  }
}

/**
 * MMLU-Pro: harder multiple-choice questions with up to ten options, in 14 categories (the subsets); chain-of-thought
 * examples of the same category from the validation split when given.
 * @example describeBenchmark(mmluPro({ path: 'data/mmlu_pro/test.jsonl', fewShotPath: 'data/mmlu_pro/validation.jsonl' }), { model })
 */
export function mmluPro(options: MmluProOptions): Benchmark {
  checkBuiltinOptions('mmluPro', options, { fewShotPath: NonEmptyTextSchema.optional() })
  return defineBuiltin(options, {
    name: 'mmlu_pro',
    prettyName: 'MMLU-Pro',
    description:
      'A harder successor of MMLU (Wang et al., 2024): 12,032 reasoning-heavy questions with up to ten options (A–J) in 14 categories. The model reasons step by step and ends with "The answer is (X)".',
    tags: ['knowledge', 'reasoning', 'multiple-choice'],
    expectedFields: {
      question_id: "the question's id, kept as the sample id",
      question: 'the question',
      options: 'the options, up to ten',
      answer: 'the letter of the right option',
      category: 'one of the 14 categories',
      cot_content: 'a worked answer (validation split only), used for few-shot examples',
    },
    dataset: datasets.jsonl(options.path),
    toSample: mmluProSample,
    subsets: { field: 'category', names: [...MMLU_PRO_CATEGORIES] },
    fewShot: {
      ...(options.fewShotPath ? { dataset: datasets.jsonl(options.fewShotPath) } : {}),
      count: options.fewShot ?? (options.fewShotPath ? 5 : 0),
      groupBy: 'subset',
    },
    prompt:
      'Answer the following multiple-choice question about {category}. Think it through step by step, then end your reply with "The answer is (X)", where X is the letter of the correct option.\n\n{input}\n\n{choices}',
    fewShotTemplate: 'Here are solved questions about {category}:\n\n{examples}\n\n{prompt}',
    toFewShot: '{input}\n\n{choices}\n{cot}',
    // read as the official evaluation script reads replies, so that published numbers are reproduced
    answer: { kind: 'choice', protocol: 'mmlu-pro' },
  })
}
