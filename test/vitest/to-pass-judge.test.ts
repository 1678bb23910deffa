import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { JudgeError } from '../../src/errors.ts'
import { judge } from '../../src/judge/index.ts'
import { registerMatchers } from '../../src/vitest/matchers.ts'
import { scriptedJudge, verdict } from '../judge/scripted-judge.ts'

registerMatchers()

// outside the plugin, verdicts are recorded beside the test file; this test leaves none behind
afterAll(() => rmSync(fileURLToPath(new URL('./__verdicts__', import.meta.url)), { recursive: true, force: true }))

const polite = scriptedJudge('grader', ({ parts }) =>
  verdict(parts.get('response')!.includes('please') ? 'pass' : 'fail', 'checked the tone'),
)

describe('toPassJudge outside a benchmark', () => {
  it('passes when the judge passes the output, and annotates the test with the verdict', async ({ task }) => {
    await expect('One moment, please.').toPassJudge('The reply is polite.', { model: polite })
    expect(task.annotations.map((a) => [a.type, a.message])).toEqual([
      ['judge', 'judge grader ("criteria judge"): pass "pass", score 1 — checked the tone'],
    ])
  })

  it('names the judge by its name, else its metric, else its kind, never by the start of its prompt', async ({ task }) => {
    const prompt = 'Does the reply state the same return window as the reference, in any wording or unit at all?'
    const labels = { pass: 1, fail: 0 }
    for (const named of [{}, { metric: 'window' }, { name: 'return window', metric: 'window' }]) {
      await expect('One moment, please.').toPassJudge(judge.labels({ prompt, labels, ...named }), { model: polite })
    }
    await expect('One moment, please.').toPassJudge(judge.numeric({ prompt, min: 1, max: 5 }), {
      model: scriptedJudge('grader', () => JSON.stringify({ reasoning: 'fine', score: 5 })),
    })
    expect(task.annotations.map((a) => /^judge grader \("([^"]*)"\)/.exec(a.message)?.[1])).toEqual([
      'labels judge',
      'window',
      'return window',
      'numeric judge',
    ])
  })

  it("fails with the judge's verdict and reasoning when it fails the output; .not inverts", async () => {
    await expect(expect('Wait.').toPassJudge('The reply is polite.', { model: polite })).rejects.toThrowError(
      'expected the output to pass the judge\n  judge grader ("criteria judge"): fail "fail", score 0 — checked the tone',
    )
    await expect('Wait.').not.toPassJudge('The reply is polite.', { model: polite })
  })

  it('gives the judge the question and reference it is told, as delimited material', async () => {
    const reader = scriptedJudge('reader', () => verdict('pass'))
    await expect('Paris').toPassJudge(judge.labels({ prompt: 'Same city as the reference?', labels: { pass: 1, fail: 0 } }), {
      model: reader,
      input: 'Capital of France?',
      reference: ['Paris', 'Paris, France'],
    })
    expect(reader.prompts[0]![1]!.content).toMatch(
      /^TAG: (\w+)\n\n<<<BEGIN question \1>>>\nCapital of France\?\n<<<END question \1>>>\n\n<<<BEGIN reference \1>>>\nAny one of these answers is acceptable:\n- Paris\n- Paris, France\n<<<END reference \1>>>\n\n<<<BEGIN response \1>>>\nParis\n<<<END response \1>>>\n\nGrade the material now/,
    )
  })

  it('fails the test when the judge gives no valid verdict, with the reason', async () => {
    const rambling = scriptedJudge('rambling', () => 'Looks good to me!')
    await expect(expect('Hello').toPassJudge('The reply is polite.', { model: rambling })).rejects.toThrowError(
      new JudgeError('The judge gave no valid verdict: judge "rambling": case "judge": no JSON object in the reply "Looks good to me!"'),
    )
  })

  it('takes judge.skip without calling a judge', async ({ task }) => {
    const unused = scriptedJudge('unused', () => verdict('fail'))
    await expect('').not.toPassJudge(judge.skip(0, 'the reply is empty'), { model: unused })
    expect(unused.prompts).toHaveLength(0)
    expect(task.annotations.map((a) => a.message)).toEqual(['rule (no judge called): fail, score 0 — the reply is empty'])
  })

  it('refuses an output that is not a string, and criteria that are not criteria', async () => {
    await expect(expect(42).toPassJudge('polite', { model: polite })).rejects.toThrowError(
      'toPassJudge expects the output to judge as a string, received number',
    )
    await expect(expect('x').toPassJudge({ prompt: 'polite' } as never, { model: polite })).rejects.toThrowError(
      'toPassJudge: expected criteria (a non-empty string) or a definition from judge.labels/numeric/pairwise/workflow/skip, received {"prompt":"polite"}.',
    )
  })
})
