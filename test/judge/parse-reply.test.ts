import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError } from '../../src/errors.ts'
import { createJudgeExecutor, judge, type JudgeDefinition, type JudgeSettings } from '../../src/judge/index.ts'
import type { Model } from '../../src/model/index.ts'
import type { JudgeRecord } from '../../src/schema/index.ts'
import { scriptedJudge } from './scripted-judge.ts'

const context = { output: 'Paris.', input: 'What is the capital of France?', reference: 'Lyon.' }

function run(model: Model, definition: JudgeDefinition, more: Partial<JudgeSettings> = {}): Promise<JudgeRecord> {
  const settings: JudgeSettings = {
    models: [model],
    mode: 'live',
    update: false,
    repeats: 1,
    swap: true,
    concurrency: 8,
    timeoutMs: 2000,
    ...more,
  }
  const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-parse-reply-')), 'replies.eval.ts')
  return createJudgeExecutor(settings).judge(definition, context, { sampleId: 's1', file })
}

// a published prompt's format: the judge ends with "Output (a)" or "Output (b)"
const byLetter = (reply: string): 'first' | 'second' | null =>
  /Output \(a\)/.test(reply) ? 'first' : /Output \(b\)/.test(reply) ? 'second' : null

describe('parseReply reads replies in the format the prompt asks for', () => {
  it('sends the prompt alone, without a JSON reply instruction, and keeps the injection rules', async () => {
    const model = scriptedJudge('grader', () => 'Output (a)')
    await run(
      model,
      judge.pairwise({ prompt: 'Which output follows the instruction? Answer "Output (a)" or "Output (b)".', parseReply: byLetter }),
      { swap: false },
    )
    const [system, user] = model.prompts[0]!
    expect(system!.content).not.toMatch(/Reply format|Reply with exactly one JSON object/)
    expect(system!.content).toMatch(
      /^You are the grader in an automated evaluation\. You grade material against the criteria below and reply as they ask\./,
    )
    expect(system!.content).toMatch(/Criteria:\nWhich output follows the instruction\? Answer "Output \(a\)" or "Output \(b\)"\.$/)
    expect(user!.content).toMatch(/\nGrade the material now, following the criteria given in the first message\.$/)
  })

  it('takes a pairwise verdict from the function in both orders, mapping the swapped one back', async () => {
    // the output under test is better: shown first it is (a), shown second (b)
    const model = scriptedJudge('grader', ({ parts }) => (parts.get('answer_1') === 'Paris.' ? 'Output (a)' : 'Output (b)'))
    const record = await run(model, judge.pairwise({ prompt: 'Pick one.', parseReply: byLetter }))
    expect(record).toMatchObject({ status: 'judged', label: 'win', score: 1, calls: { live: 2, invalid: 0 }, agreement: { swaps: 1 } })
  })

  it('counts null as an invalid reply, quoting the reply', async () => {
    const model = scriptedJudge('grader', () => 'Both are fine.')
    const record = await run(model, judge.pairwise({ prompt: 'Pick one.', parseReply: byLetter }), { swap: false })
    expect(record).toMatchObject({
      status: 'invalid',
      reason: 'judge "grader": case "pairwise": parseReply read no verdict in the reply "Both are fine."',
      calls: { invalid: 1 },
    })
  })

  it('reads labels and grades, and refuses a label it does not know or a grade off the scale', async () => {
    const labels = judge.labels({
      prompt: 'Say YES or NO.',
      labels: { yes: 1, no: 0 },
      parseReply: (reply) => (reply.includes('YES') ? 'yes' : reply.includes('NO') ? 'no' : null),
    })
    expect(
      await run(
        scriptedJudge('grader', () => 'YES, it does.'),
        labels,
      ),
    ).toMatchObject({ status: 'judged', label: 'yes', pass: true, score: 1 })
    const loose = judge.labels({ prompt: 'Say it.', labels: { yes: 1, no: 0 }, parseReply: (reply) => reply.trim() as 'yes' })
    expect(
      await run(
        scriptedJudge('grader', () => 'maybe'),
        loose,
      ),
    ).toMatchObject({
      status: 'invalid',
      reason:
        'judge "grader": case "judge": parseReply returned "maybe", which is not a verdict (Invalid option: expected one of "yes"|"no")',
    })
    const grade = judge.numeric({
      prompt: 'Rate 1 to 5 as "Score: n".',
      min: 1,
      max: 5,
      parseReply: (reply) => Number(/Score: (\d+)/.exec(reply)?.[1] ?? Number.NaN) || null,
    })
    expect(
      await run(
        scriptedJudge('grader', () => 'Clear enough. Score: 4'),
        grade,
      ),
    ).toMatchObject({ status: 'judged', score: 4, pass: true })
    expect(
      await run(
        scriptedJudge('grader', () => 'Score: 9'),
        grade,
      ),
    ).toMatchObject({
      status: 'invalid',
      reason: 'judge "grader": case "judge": parseReply returned 9, which is not a verdict (Too big: expected number to be <=5)',
    })
  })

  it('quotes what parseReply returned as it is: NaN as NaN, not null, and a 5 MB string cut to its ends', async () => {
    const grade = judge.numeric({
      prompt: 'Rate 1 to 5 as "Score: n".',
      min: 1,
      max: 5,
      parseReply: (reply) => Number(/Score: (\S+)/.exec(reply)?.[1]),
    })
    const nan = await run(
      scriptedJudge('grader', () => 'Score: four'),
      grade,
    )
    expect(nan).toMatchObject({
      status: 'invalid',
      reason:
        'judge "grader": case "judge": parseReply returned NaN, which is not a verdict (Invalid input: expected number, received NaN)',
    })
    const echo = judge.labels({ prompt: 'Say it.', labels: { yes: 1, no: 0 }, parseReply: (reply) => reply as 'yes' })
    const long = await run(
      scriptedJudge('grader', () => `${'a'.repeat(5_000_000)}!`),
      echo,
    )
    expect(long.status).toBe('invalid')
    expect(long.status === 'invalid' && long.reason).toMatchInlineSnapshot(
      `"judge "grader": case "judge": parseReply returned "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...[4,999,835 characters cut]...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", which is not a verdict (Invalid option: expected one of "yes"|"no")"`,
    )
  })

  it('fails the sample, naming the definition, when parseReply throws', async () => {
    const broken = judge.pairwise({ prompt: 'Pick one.', parseReply: (reply) => (JSON.parse(reply) as { pick: 'first' }).pick })
    await expect(
      run(
        scriptedJudge('grader', () => 'Output (a)'),
        broken,
        { swap: false },
      ),
    ).rejects.toThrow(/^judge\.pairwise\("Pick one\."\): parseReply threw on the reply "Output \(a\)": Unexpected token/)
  })

  it('refuses a parseReply that is not a function, and one given with a schema', () => {
    expect(() => judge.pairwise({ prompt: 'Pick one.', parseReply: 'first' as never })).toThrow(
      new ConfigError('judge.pairwise("Pick one."): "parseReply" must be a function (reply: string) => verdict | null.'),
    )
    const schema = z.object({ verdict: z.enum(['yes', 'no']) })
    expect(() => judge.labels({ prompt: 'Say it.', labels: { yes: 1, no: 0 }, schema, parseReply: () => 'yes' })).toThrow(
      new ConfigError('judge.labels("Say it."): give "schema" (a JSON reply) or "parseReply" (a reply in your format), not both.'),
    )
  })
})
