import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { humaneval, mbpp } from '../../src/benchmarks/index.ts'
import { checkCode, type CodeAnswerOptions } from '../../src/scoring/index.ts'
import type { Sample } from '../../src/schema/index.ts'
import { prepareBuiltin } from './prepare-builtin.ts'

const HUMANEVAL = 'fixtures/real/humaneval/HumanEval.jsonl'
const MBPP = 'fixtures/real/mbpp/sanitized-mbpp.json'

const problems = readFileSync(HUMANEVAL, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { task_id: string; prompt: string; canonical_solution: string; entry_point: string })
const tasks = JSON.parse(readFileSync(MBPP, 'utf8')) as { task_id: number; code: string }[]

// scores a reply as the benchmark's default scorer does: its answer options, the sample's target as the tests
function scoreAs(answer: CodeAnswerOptions, sample: Sample, reply: string) {
  const prefix = typeof answer.prefix === 'function' ? answer.prefix(sample) : answer.prefix
  return checkCode(reply, [sample.target ?? ''].flat().join('\n'), { ...answer, prefix })
}

function codeAnswer(answer: unknown): CodeAnswerOptions {
  expect(answer).toMatchObject({ kind: 'code' })
  return answer as CodeAnswerOptions
}

describe('humaneval', () => {
  const benchmark = humaneval({ path: HUMANEVAL })
  const answer = codeAnswer(benchmark.answer)

  it('reads each problem with its id, its prompt sent as it is, and check(entry_point) as its tests', async () => {
    const { planned, messagesOf } = await prepareBuiltin(benchmark)
    expect(planned.map(({ sample }) => sample.id)).toEqual(problems.map((problem) => problem.task_id))
    const first = planned[0]!.sample
    expect(messagesOf(first)).toEqual([{ role: 'user', content: problems[0]!.prompt }])
    expect(first.target).toMatch(/\ncheck\(has_close_elements\)\n$/)
  })

  it('passes every canonical solution, whether the reply continues the prompt or rewrites the function in a fenced block', async () => {
    const { planned } = await prepareBuiltin(benchmark)
    const checks = await Promise.all(
      planned.flatMap(({ sample }, index) => {
        const problem = problems[index]!
        return [
          scoreAs(answer, sample, problem.canonical_solution),
          scoreAs(
            answer,
            sample,
            `Here it is:\n\n\`\`\`python\n${problem.prompt}${problem.canonical_solution}\`\`\`\n\nIt runs in linear time.`,
          ),
        ]
      }),
    )
    expect(checks.filter((check) => !check.pass).map((check) => check.explanation)).toEqual([])
  })

  it('fails a mutated copy of each canonical solution, saying how its tests ended', async () => {
    const { planned } = await prepareBuiltin(benchmark)
    // the body replaced by one that returns nothing: every problem's tests reject None
    const checks = await Promise.all(planned.map(({ sample }) => scoreAs(answer, sample, '    return None\n')))
    expect(checks.map((check) => [check.pass, check.execution?.outcome])).toEqual(
      planned.map(() => [false, expect.stringMatching(/^(failed|errored)$/)]),
    )
    expect(checks[0]!.explanation).toMatch(/^a test failed: Traceback/)
  })

  it('refuses a record whose entry point is not a Python name, naming the line', async () => {
    await expect(prepareBuiltin(humaneval({ path: 'fixtures/benchmark/humaneval-bad-entry.jsonl' }))).rejects.toThrow(
      /humaneval-bad-entry\.jsonl:1: .*"entry_point" must be a Python name/,
    )
  })
})

describe('mbpp', () => {
  const benchmark = mbpp({ path: MBPP })
  const answer = codeAnswer(benchmark.answer)

  it("shows the task and its assertions in the paper's prompt, and runs the imports the assertions need", async () => {
    const { planned, messagesOf } = await prepareBuiltin(benchmark)
    expect(planned).toHaveLength(tasks.length)
    const content = messagesOf(planned[0]!.sample)[0]!.content
    expect(content).toBe(
      'You are an expert Python programmer, and here is your task: Write a function to find the shared elements from the given two lists. Your code should pass these tests:\n\n' +
        'assert set(similar_elements((3, 4, 5, 6),(5, 7, 4, 10))) == set((4, 5))\nassert set(similar_elements((1, 2, 3, 4),(5, 4, 3, 7))) == set((3, 4))\nassert set(similar_elements((11, 12, 14, 13),(17, 15, 14, 13))) == set((13, 14))\n',
    )
    expect(planned.filter(({ sample }) => String(sample.target).startsWith('import ')).length).toBeGreaterThan(0)
  })

  it('reads the original JSONL (text, test_setup_code) and the sanitized file as JSONL, as other systems ship them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evalsuite-mbpp-'))
    const original = {
      task_id: 11,
      text: 'Write a function to double a number.',
      code: 'def double(x):\n    return 2 * x',
      test_list: ['assert double(2) == 4'],
      test_setup_code: 'import math',
      challenge_test_list: ['assert double(0) == 1'],
    }
    const sanitized = { ...tasks[0], source_file: 'x' }
    writeFileSync(join(dir, 'mbpp.jsonl'), `${JSON.stringify(original)}\n`)
    writeFileSync(join(dir, 'sanitized-mbpp.jsonl'), `${JSON.stringify(sanitized)}\n`)
    const [fromOriginal] = (await prepareBuiltin(mbpp({ path: join(dir, 'mbpp.jsonl') }))).planned
    expect([fromOriginal!.sample.id, fromOriginal!.sample.input, fromOriginal!.sample.target]).toEqual([
      '11',
      original.text,
      'import math\nassert double(2) == 4',
    ])
    const [fromSanitized] = (await prepareBuiltin(mbpp({ path: join(dir, 'sanitized-mbpp.jsonl') }))).planned
    expect(fromSanitized!.sample.id).toBe(String(tasks[0]!.task_id))
  })

  it('passes every reference solution and fails a mutated one', async () => {
    const { planned } = await prepareBuiltin(benchmark)
    const right = await Promise.all(
      planned.map(({ sample }, index) => scoreAs(answer, sample, `\`\`\`python\n${tasks[index]!.code}\n\`\`\``)),
    )
    expect(right.filter((check) => !check.pass).map((check) => check.explanation)).toEqual([])
    // each reference solution with every function it defines redefined to return nothing
    const broken = (code: string): string =>
      [code, ...[...code.matchAll(/^def (\w+)/gm)].map((found) => `def ${found[1]}(*args, **kwargs):\n    return None`)].join('\n')
    const wrong = await Promise.all(planned.map(({ sample }, index) => scoreAs(answer, sample, broken(tasks[index]!.code))))
    expect(wrong.filter((check) => check.pass).length).toBe(0)
  })
})
