import { z } from 'zod'
import type { AgentTools } from '../../agent/index.ts'
import type { Benchmark, Scorer } from '../../benchmark/index.ts'
import { datasets } from '../../dataset/index.ts'
import type { Sample } from '../../schema/index.ts'
import { checkBuiltinOptions, defineBuiltin, type BuiltinOptions } from '../builtin-options.ts'
import { BFCL_CATEGORIES, isIrrelevance, loadAnswers, questionFile, type BfclCategory } from './bfcl-data.ts'
import { bfclExpectedCalls } from './bfcl-expected.ts'
import { toJsonSchema, toolName } from './bfcl-functions.ts'
import { bfclSample, BfclMetadataSchema } from './bfcl-sample.ts'

/** Options of `bfcl`. */
export type BfclOptions = BuiltinOptions & {
  /** The single-turn category to read: `simple` reads `simple_python`; the `live_` ones are user-contributed questions. */
  category: BfclCategory
}

// the sample's functions as tools without `execute`: the first reply that calls them ends the loop, its calls the answer
function functionTools(sample: Sample): AgentTools {
  const { functions } = BfclMetadataSchema.parse(sample.metadata)
  return Object.fromEntries(
    functions.map((fn) => [
      toolName(fn.name),
      { ...(fn.description === undefined ? {} : { description: fn.description }), parameters: toJsonSchema(fn.parameters) },
    ]),
  )
}

// right when the calls are the possible answer's, in any order, none more; an irrelevance sample expects none
const scoreCalls: Scorer = ({ sample, trajectory, expect }) => {
  const made = trajectory ?? { steps: [], ended: 'reply' as const }
  expect(made).toCallTools(bfclExpectedCalls(BfclMetadataSchema.parse(sample.metadata)), { order: 'any', extra: 'forbid' })
}

/**
 * The Berkeley Function Calling Leaderboard's single-turn categories (Patil et al., 2025): the model is offered the
 * question's functions as tools, and its calls are scored by the rules of BFCL's AST checker. `path` is BFCL's data
 * folder: `BFCL_v4_<category>.json` beside `possible_answer/`.
 * @example describeBenchmark(bfcl({ path: 'data/bfcl', category: 'parallel' }), { model })
 */
export function bfcl(options: BfclOptions): Benchmark {
  const { category, ...rest } = options
  checkBuiltinOptions('bfcl', options, { category: z.enum(BFCL_CATEGORIES) })
  const question = questionFile(options.path, category)
  let answers: Map<string, string> | undefined
  return defineBuiltin(rest, {
    name: `bfcl-${category.replaceAll('_', '-')}`,
    prettyName: `BFCL ${category}`,
    description:
      "The Berkeley Function Calling Leaderboard's single-turn categories: each question offers functions, given to the model as tools (BFCL's Python type names said as JSON Schema, dots in names as \"_\"), and the calls it makes are the answer. They are right when they are the possible answer's calls, in any order, by the rules of BFCL's AST checker (see docs/agents.md); an irrelevance question is right when no function is called.",
    tags: ['tools', 'function-calling'],
    expectedFields: {
      id: 'the question\'s BFCL id, such as "simple_python_0"',
      question: 'the conversation: a list of turns, each a list of { role, content } messages (one turn in these categories)',
      function: "the functions offered: { name, description, parameters } with BFCL's types",
    },
    dataset: datasets.jsonl(question),
    toSample: (record) => bfclSample(record, category, isIrrelevance(category) ? undefined : (answers ??= loadAnswers(question))),
    sampleTools: functionTools,
    scorer: scoreCalls,
    metrics: ['accuracy', 'tool_precision', 'tool_recall'],
  })
}
