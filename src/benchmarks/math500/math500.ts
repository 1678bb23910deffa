import { z } from 'zod'
import type { Benchmark } from '../../benchmark/index.ts'
import { datasets, type SampleInput } from '../../dataset/index.ts'
import { checkBuiltinOptions, defineBuiltin, type BuiltinOptions } from '../builtin-options.ts'

/** Options of `math500`. */
export interface Math500Options extends BuiltinOptions {
  /** Which field makes the subsets: the seven subjects, or the five difficulty levels. @default "subject" */
  subsetBy?: 'subject' | 'level'
}

/** MATH-500's seven subjects. */
export const MATH500_SUBJECTS = [
  'Algebra',
  'Counting & Probability',
  'Geometry',
  'Intermediate Algebra',
  'Number Theory',
  'Prealgebra',
  'Precalculus',
] as const

const LEVELS = ['1', '2', '3', '4', '5']

function math500Sample(record: Record<string, unknown>): SampleInput {
  const { unique_id: id, problem, answer, ...rest } = record
  return { id: id as string, input: String(problem ?? ''), target: String(answer ?? ''), metadata: rest }
}

/**
 * MATH-500: 500 competition problems from the MATH test set, with LaTeX answers compared as mathematics.
 * @example describeBenchmark(math500({ path: 'data/math500/test.jsonl' }), { model })
 */
export function math500(options: Math500Options): Benchmark {
  checkBuiltinOptions('math500', options, { subsetBy: z.enum(['subject', 'level']).optional() })
  const byLevel = options.subsetBy === 'level'
  return defineBuiltin(options, {
    name: 'math500',
    prettyName: 'MATH-500',
    description:
      'The 500 problems of the MATH test set (Hendrycks et al., 2021) that Lightman et al. (2023) kept for evaluation: competition mathematics in seven subjects and five levels of difficulty. The final answer, in `\\boxed{}`, is compared with the gold answer as mathematics (fractions, radicals, intervals, sets, equations).',
    tags: ['math', 'reasoning'],
    expectedFields: {
      unique_id: "the problem's id, kept as the sample id",
      problem: 'the problem, in LaTeX',
      answer: 'the final answer, in LaTeX',
      subject: 'one of the seven subjects',
      level: 'the difficulty, 1 to 5',
      solution: 'a worked solution (kept as metadata, used for few-shot examples)',
    },
    dataset: datasets.jsonl(options.path),
    toSample: math500Sample,
    subsets: { field: byLevel ? 'level' : 'subject', names: byLevel ? LEVELS : [...MATH500_SUBJECTS] },
    fewShot: { count: options.fewShot ?? 0 },
    prompt: 'Solve the following problem. Reason step by step, and put your final answer, in simplest form, in \\boxed{{}}.\n\n{input}',
    toFewShot: 'Problem: {input}\nSolution: {solution}',
    answer: { kind: 'math' },
  })
}
