import { z } from 'zod'
import type { Benchmark } from '../../benchmark/index.ts'
import { datasets, type SampleInput } from '../../dataset/index.ts'
import { judge, type PairwiseWinner, type ParseReply } from '../../judge/index.ts'
import { checkBuiltinOptions, defineBuiltin, type BuiltinOptions } from '../builtin-options.ts'
import { NonEmptyTextSchema } from '../../schema/index.ts'

/** Options of `llmbar`. */
export interface LlmbarOptions extends Omit<BuiltinOptions, 'fewShot'> {
  /** Names the suite and its report, to run several sets side by side. @default "llmbar" */
  name?: string
  /**
   * Reads the winner from the judge's reply, in place of the default prompt's "Answer 1" / "Answer 2" line, e.g. to
   * replay another tool's recorded judge replies. "first" is the answer shown first.
   */
  parseReply?: ParseReply<PairwiseWinner>
}

const PROMPT = `Two answers to the same instruction follow: answer_1 and answer_2. Decide which one carries out the instruction better.

The better answer does what the instruction asks, all of it and nothing it does not ask, and what it states is true. Judge substance before style: length, tone, confidence and polish count only where they serve the instruction. One of the two is always better; do not call them equal.

Reply with one line and nothing else: "Answer 1" if answer_1 is better, "Answer 2" if answer_2 is better.`

const ANSWER_LINE = /^Answer ([12])\b/

/** Reads the default prompt's reply: "Answer 1" or "Answer 2" at its start. */
function readAnswerLine(reply: string): PairwiseWinner | null {
  const found = ANSWER_LINE.exec(reply.trim())
  return found === null ? null : found[1] === '1' ? 'first' : 'second'
}

const LABELS: Record<string, 'win' | 'loss'> = { '1': 'win', '2': 'loss' }

/** A record of LLMBar's files: the instruction, two outputs, and the label naming the better one (1 or 2). */
function llmbarSample(record: Record<string, unknown>): SampleInput {
  const outcome = LABELS[String(record.label)]
  if (outcome === undefined) throw new Error(`field "label" must be 1 or 2, received ${JSON.stringify(record.label)}`)
  for (const field of ['input', 'output_1', 'output_2']) {
    if (typeof record[field] !== 'string')
      throw new Error(`field "${field}" must be a string, received ${JSON.stringify(record[field]) ?? 'nothing'}`)
  }
  return {
    ...(record.id === undefined ? {} : { id: String(record.id) }),
    input: record.input as string,
    // the human verdict on output_1, the output under test
    target: outcome,
    metadata: { output_1: record.output_1, output_2: record.output_2 },
  }
}

const outputOf = (metadata: Record<string, unknown> | undefined, field: 'output_1' | 'output_2'): string => String(metadata?.[field] ?? '')

/**
 * LLMBar (Zeng et al., ICLR 2024): measures a pairwise judge against human labels. The output under test is
 * `output_1`, compared with `output_2`; the label gives the human verdict (1: a win, 2: a loss). Needs only a judge model.
 * @example describeBenchmark(llmbar({ path: 'data/LLMBar/Natural/dataset.json' }), { judge: { model } })
 */
export function llmbar(options: LlmbarOptions): Benchmark {
  checkBuiltinOptions('llmbar', options, { name: NonEmptyTextSchema.optional(), parseReply: z.function().optional() })
  const { name = 'llmbar', parseReply = readAnswerLine, ...selection } = options
  return defineBuiltin(selection, {
    name,
    prettyName: 'LLMBar',
    description:
      "Pairs of outputs to one instruction, the better one chosen by people (Zeng et al., 2024): a natural set, and four adversarial sets whose worse output looks better at a glance. The judge compares the two in both orders; the report gives its agreement with the human labels, its Cohen's kappa and how often the two orders agree.",
    tags: ['judge', 'pairwise', 'human-labels'],
    expectedFields: {
      input: 'the instruction',
      output_1: 'the output under test',
      output_2: 'the output it is compared with',
      label: '1 if output_1 is the better one, 2 if output_2 is',
      id: 'optional (the `.jsonl` files have it): the sample id; a hash of the record otherwise',
    },
    dataset: options.path.endsWith('.jsonl') ? datasets.jsonl(options.path) : datasets.json(options.path),
    toSample: llmbarSample,
    task: (sample) => outputOf(sample.metadata, 'output_1'),
    judge: {
      definition: judge.pairwise({
        prompt: PROMPT,
        name: 'llmbar judge',
        against: (context) => outputOf(context.sample?.metadata, 'output_2'),
        parseReply,
      }),
      expected: (sample) => String(sample.target),
    },
    metrics: [
      'judge_agreement',
      'judge_agreement_original',
      'judge_agreement_swapped',
      'judge_agreement_both',
      'position_consistency',
      'judge_kappa_original',
      'judge_kappa_swapped',
      'position_kappa',
    ],
    primaryMetric: 'judge_agreement',
  })
}
