import type { Benchmark } from '../../benchmark/index.ts'
import { datasets, type SampleInput } from '../../dataset/index.ts'
import { checkBuiltinOptions, defineBuiltin, type BuiltinOptions } from '../builtin-options.ts'
import { codeSandboxShape, type CodeBuiltinOptions } from '../code-builtin.ts'

/** Options of `mbpp`. */
export type MbppOptions = BuiltinOptions & CodeBuiltinOptions

function lines(record: Record<string, unknown>, field: string): string[] {
  const value = record[field] ?? []
  if (!Array.isArray(value) || !value.every((line) => typeof line === 'string'))
    throw new Error(`field "${field}" must be a list of strings`)
  return value
}

/**
 * An MBPP record, original (`text`, `test_setup_code`) or sanitized (`prompt`, `test_imports`): the task, and its
 * assertions (`test_list`) after the setup they need. The original's `challenge_test_list` is not run, as the paper
 * reports on `test_list`.
 */
function mbppSample(record: Record<string, unknown>): SampleInput {
  const task = record.prompt ?? record.text
  if (typeof task !== 'string' || task.length === 0)
    throw new Error('field "prompt" (sanitized) or "text" (original) must be a non-empty string')
  const tests = lines(record, 'test_list')
  if (tests.length === 0) throw new Error('field "test_list" must hold at least one assertion')
  const setup = typeof record.test_setup_code === 'string' ? [record.test_setup_code] : lines(record, 'test_imports')
  const id = record.task_id
  if (typeof id !== 'number' && typeof id !== 'string') throw new Error('field "task_id" must be a number or a string')
  return {
    id: String(id),
    input: task,
    target: [...setup.filter((line) => line.trim().length > 0), ...tests].join('\n'),
    metadata: { tests: tests.join('\n') },
  }
}

/**
 * MBPP (Austin et al., 2021): short Python tasks in plain words, each right when its three assertions pass in the code
 * sandbox. Reads the original JSONL and the hand-verified sanitized JSON.
 * @example describeBenchmark(mbpp({ path: 'data/sanitized-mbpp.json' }), { model })
 */
export function mbpp(options: MbppOptions): Benchmark {
  const { sandbox, ...rest } = options
  checkBuiltinOptions('mbpp', options, codeSandboxShape)
  return defineBuiltin(rest, {
    name: 'mbpp',
    prettyName: 'MBPP',
    description:
      "Mostly Basic Python Problems (Austin et al., 2021): a task in a sentence and the assertions the function must pass, shown in the prompt as the paper shows them. The program is the reply's last fenced Python block (or the whole reply); it is right when the assertions pass in the code sandbox.",
    tags: ['code', 'python'],
    expectedFields: {
      task_id: "the task's number",
      prompt: 'the task (sanitized file; "text" in the original)',
      test_list: 'the assertions the function must pass',
      test_imports: 'optional: imports the assertions need (sanitized file; "test_setup_code" in the original)',
    },
    dataset: options.path.endsWith('.jsonl') ? datasets.jsonl(options.path) : datasets.json(options.path),
    toSample: mbppSample,
    // the paper's prompt (its few-shot form without the examples), the task's assertions shown as they are run
    prompt: 'You are an expert Python programmer, and here is your task: {input} Your code should pass these tests:\n\n{tests}\n',
    answer: { kind: 'code', ...(sandbox ? { sandbox } : {}) },
  })
}
