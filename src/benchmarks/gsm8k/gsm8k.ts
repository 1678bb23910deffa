import type { Benchmark } from '../../benchmark/index.ts'
import { datasets, type SampleInput } from '../../dataset/index.ts'
import { checkBuiltinOptions, defineBuiltin, type BuiltinOptions } from '../builtin-options.ts'
import { NonEmptyTextSchema } from '../../schema/index.ts'

/** Options of `gsm8k`. */
export interface Gsm8kOptions extends BuiltinOptions {
  /** GSM8K's `train.jsonl`, to draw worked examples from; without it, examples come from the other test problems. */
  fewShotPath?: string
}

/** A record of the GSM8K files: the problem, and a worked solution ending in `#### <answer>`. */
function gsm8kSample(record: Record<string, unknown>): SampleInput {
  const solution = String(record.answer ?? '')
  const marker = solution.lastIndexOf('####')
  if (marker < 0) throw new Error('field "answer" has no final "#### <number>" line')
  // the solutions carry calculator annotations such as <<48/2=24>>, which are no part of the reasoning shown
  const reasoning = solution
    .slice(0, marker)
    .replace(/<<[^>]*>>/g, '')
    .trim()
  return {
    input: String(record.question ?? ''),
    // some golds keep thousands separators ("1,450,000"); the target is the plain number
    target: solution
      .slice(marker + 4)
      .trim()
      .replace(/,/g, ''),
    metadata: { reasoning },
  }
}

/**
 * GSM8K (grade-school math word problems): the reply's final number against the gold answer.
 * @example describeBenchmark(gsm8k({ path: 'data/gsm8k/test.jsonl' }), { model })
 */
export function gsm8k(options: Gsm8kOptions): Benchmark {
  checkBuiltinOptions('gsm8k', options, { fewShotPath: NonEmptyTextSchema.optional() })
  return defineBuiltin(options, {
    name: 'gsm8k',
    prettyName: 'GSM8K',
    description:
      'Grade-school math word problems that take two to eight steps of arithmetic (Cobbe et al., 2021); the test split has 1,319. The reply is read for its final number, which must equal the gold answer.',
    tags: ['math', 'reasoning'],
    expectedFields: {
      question: 'the word problem',
      answer: 'a worked solution whose last line is "#### <answer>"; thousands separators in the answer are allowed',
    },
    dataset: datasets.jsonl(options.path),
    toSample: gsm8kSample,
    prompt:
      'Solve the following math word problem. Work it out step by step, then give the final answer as a plain number on the last line, written as "ANSWER: <number>".\n\n{input}',
    fewShot: { ...(options.fewShotPath ? { dataset: datasets.jsonl(options.fewShotPath) } : {}), count: options.fewShot ?? 0 },
    fewShotTemplate: 'Some solved problems:\n\n{examples}\n\n{prompt}',
    toFewShot: 'Problem: {input}\nSolution: {reasoning}\nANSWER: {target}',
    answer: { kind: 'number', marker: ['ANSWER:', '####', 'answer is'] },
  })
}
