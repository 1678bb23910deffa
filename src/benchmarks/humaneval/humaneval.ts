import type { Benchmark } from '../../benchmark/index.ts'
import { datasets, type SampleInput } from '../../dataset/index.ts'
import { checkBuiltinOptions, defineBuiltin, type BuiltinOptions } from '../builtin-options.ts'
import { codeSandboxShape, type CodeBuiltinOptions } from '../code-builtin.ts'

/** Options of `humaneval`. */
export type HumanEvalOptions = BuiltinOptions & CodeBuiltinOptions

function text(record: Record<string, unknown>, field: string): string {
  const value = record[field]
  if (typeof value !== 'string' || value.length === 0) throw new Error(`field "${field}" must be a non-empty string`)
  return value
}

/** A HumanEval record: the prompt (signature and docstring) to complete, and `check(candidate)` run on the entry point. */
function humanEvalSample(record: Record<string, unknown>): SampleInput {
  const entryPoint = text(record, 'entry_point')
  if (!/^[A-Za-z_]\w*$/.test(entryPoint))
    throw new Error(`field "entry_point" must be a Python name, received ${JSON.stringify(entryPoint)}`)
  return {
    id: text(record, 'task_id'),
    input: text(record, 'prompt'),
    target: `${text(record, 'test')}\n\ncheck(${entryPoint})\n`,
    metadata: { entryPoint },
  }
}

/**
 * HumanEval (Chen et al., 2021): 164 Python functions to complete from their signature and docstring, each right when
 * its hidden tests pass in the code sandbox. Use `repeats` for pass@k.
 * @example describeBenchmark(humaneval({ path: 'data/HumanEval.jsonl' }), { model, repeats: 5 })
 */
export function humaneval(options: HumanEvalOptions): Benchmark {
  const { sandbox, ...rest } = options
  checkBuiltinOptions('humaneval', options, codeSandboxShape)
  return defineBuiltin(rest, {
    name: 'humaneval',
    prettyName: 'HumanEval',
    description:
      "Hand-written Python programming problems (Chen et al., 2021): the prompt is a function signature and docstring, sent as it is, as the paper does. The program is the reply's last fenced Python block (or the whole reply) after the prompt, so a reply that continues the function and one that writes it whole both run; it is right when the problem's tests pass in the code sandbox.",
    tags: ['code', 'python'],
    expectedFields: {
      task_id: 'the problem\'s id, such as "HumanEval/0"',
      prompt: "the function's signature and docstring, with the imports it needs",
      test: 'a `check(candidate)` function of assertions',
      entry_point: 'the name of the function the tests call',
    },
    dataset: datasets.jsonl(options.path),
    toSample: humanEvalSample,
    prompt: '{input}',
    answer: { kind: 'code', prefix: (sample) => (typeof sample.input === 'string' ? sample.input : ''), ...(sandbox ? { sandbox } : {}) },
  })
}
