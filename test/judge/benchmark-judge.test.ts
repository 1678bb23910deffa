import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createBenchmarkJudging, ruleOutcome, scoreByPolicy, type RuleOutcome } from '../../src/judge/benchmark-judge.ts'
import { withCostLimit } from '../../src/run/cost-limit.ts'
import { toScores } from '../../src/scoring/score-sample.ts'
import { ConfigError, JudgeError } from '../../src/errors.ts'
import { judge, type JudgeOptions } from '../../src/judge/index.ts'
import { createRecordedModel, loadRecordingStore, type Model } from '../../src/model/index.ts'
import type { Sample, SampleMeta } from '../../src/schema/index.ts'
import { checkAnswer } from '../../src/scoring/index.ts'
import { registerMatchers } from '../../src/vitest/matchers.ts'
import { scriptedJudge, verdict } from './scripted-judge.ts'

const sample = (id: string): Sample => ({ id, input: 'How many days do I have to return an order?', target: '30' })
const rule = (output: string): RuleOutcome => {
  const check = checkAnswer(output, '30', { kind: 'number' })
  return ruleOutcome(toScores([check], undefined), [check])
}
// the rule reads a number: right, wrong, or nothing to read
const OUTPUTS = { right: 'You have 30 days.', wrong: 'You have 14 days.', unreadable: 'You have a month.' }

function setUp(options: Partial<JudgeOptions>, reply: string | ((response: string) => string) = verdict('pass')) {
  const judgeModel = scriptedJudge('grader', ({ parts }) => (typeof reply === 'string' ? reply : reply(parts.get('response')!)))
  const definition = judge.labels({ prompt: 'Does the reply give a 30-day return window, in any wording?', labels: { pass: 1, fail: 0 } })
  const judging = createBenchmarkJudging('returns', { model: judgeModel, definition, ...options })
  const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-policy-')), 'returns.eval.ts')
  const notes: string[] = []
  const score = async (kind: keyof typeof OUTPUTS) => {
    const meta: SampleMeta = { kind: 'sample', sampleId: kind, status: 'pending' }
    const output = { text: OUTPUTS[kind], latencyMs: 1 }
    const scores = await scoreByPolicy(judging, sample(kind), output, judging.runsRule ? rule(output.text) : undefined, {
      meta,
      file,
      signal: new AbortController().signal,
      annotate: async (message) => notes.push(message),
    })
    return { scores, judged: meta.judge ?? [] }
  }
  return { judgeModel, score, notes, judging }
}

describe('scoring policies', () => {
  it('cascade: asks the judge only about what the rule marked wrong or could not read, and lets it decide those', async () => {
    const { judgeModel, score } = setUp({ policy: 'cascade' }, (response) => verdict(response.includes('month') ? 'pass' : 'fail'))
    const right = await score('right')
    const wrong = await score('wrong')
    const unreadable = await score('unreadable')
    expect(judgeModel.prompts.map((p) => /<<<BEGIN response \w+>>>\n(.*)\n/.exec(p[1]!.content)![1])).toEqual([
      OUTPUTS.wrong,
      OUTPUTS.unreadable,
    ])
    expect([right.scores, wrong.scores, unreadable.scores]).toEqual([{ accuracy: 1 }, { accuracy: 0 }, { accuracy: 1 }])
    expect(right.judged).toMatchObject([
      { status: 'skipped', reason: 'the rule scored the output right, so no judge was asked (policy "cascade")' },
    ])
    expect(unreadable.judged).toMatchObject([{ status: 'judged', pass: true }])
  })

  it('rule-by-default: the rule scores, and the judge decides only where the rule read no answer', async () => {
    const { judgeModel, score } = setUp({ policy: 'rule-by-default' })
    expect((await score('wrong')).scores).toEqual({ accuracy: 0 })
    expect((await score('unreadable')).scores).toEqual({ accuracy: 1 })
    expect(judgeModel.prompts).toHaveLength(1)
  })

  it('judge-only: the judge scores every sample, without the rule', async () => {
    const { judgeModel, score, judging } = setUp({}, verdict('fail'))
    expect(judging.policy).toBe('judge-only')
    expect(judging.runsRule).toBe(false)
    expect((await score('right')).scores).toEqual({ accuracy: 0 })
    expect(judgeModel.prompts).toHaveLength(1)
  })

  it('judge-only: a sample the judge gives no valid verdict is errored, never wrong', async () => {
    const { score, notes } = setUp({ policy: 'judge-only' }, 'It is fine.')
    await expect(score('right')).rejects.toThrowError(
      new JudgeError('The judge gave no valid verdict: judge "grader": case "judge": no JSON object in the reply "It is fine."'),
    )
    expect(notes).toEqual(['judge grader: no valid verdict (judge "grader": case "judge": no JSON object in the reply "It is fine.")'])
  })

  it("judge-by-default: the judge scores; where it gives no valid verdict, the rule's score stands in, marked as such", async () => {
    const { score, notes } = setUp({ policy: 'judge-by-default' }, (response) =>
      response.includes('14') ? 'It is fine.' : verdict('pass'),
    )
    expect((await score('unreadable')).scores).toEqual({ accuracy: 1 })
    const fallback = await score('wrong')
    expect(fallback.scores).toEqual({ accuracy: 0 })
    expect(fallback.judged).toMatchObject([{ status: 'invalid', fallback: true }])
    expect(notes.at(-1)).toMatch(/no valid verdict .*; the rule's score stands in$/)
  })

  it('rule-only: no judge is asked', async () => {
    const { judgeModel, score } = setUp({ policy: 'rule-only' })
    expect((await score('wrong')).scores).toEqual({ accuracy: 0 })
    expect(judgeModel.prompts).toHaveLength(0)
  })

  it("records a judge's partial credit as accuracy when its metric is accuracy, and other metrics beside", async () => {
    const judgeModel = scriptedJudge('grader', () => JSON.stringify({ reasoning: 'r', verdict: 'partly' }))
    const definition = judge.labels({ prompt: 'How right is it?', labels: { right: 1, partly: 0.5, wrong: 0 }, metric: 'accuracy' })
    const judging = createBenchmarkJudging('returns', { model: judgeModel, definition })
    const meta: SampleMeta = { kind: 'sample', sampleId: 's', status: 'pending' }
    const at = {
      meta,
      file: join(mkdtempSync(join(tmpdir(), 'evalsuite-policy-')), 'x.eval.ts'),
      signal: new AbortController().signal,
      annotate: async () => undefined,
    }
    expect(await scoreByPolicy(judging, sample('s'), { text: 'a month', latencyMs: 1 }, undefined, at)).toEqual({ accuracy: 0.5 })
  })

  it('refuses a policy without a judge to apply, and a judge without a model', () => {
    expect(() => createBenchmarkJudging('returns', { policy: 'cascade' })).toThrowError(
      new ConfigError('describeBenchmark("returns"): policy "cascade" needs "judge.definition", the judge that grades the samples.'),
    )
    expect(() => createBenchmarkJudging('returns', { definition: 'polite' })).toThrowError(
      new ConfigError(
        'describeBenchmark("returns"): "judge.definition" needs a judge model: set "judge.model", or the plugin\'s "judge" option.',
      ),
    )
  })
})

describe("the default verdict mode follows the judge's credentials, through the recordings and budget wrappers", () => {
  registerMatchers()
  // toPassJudge outside a benchmark keeps its verdicts beside this file; this test leaves none behind
  afterAll(() => rmSync(fileURLToPath(new URL('./__verdicts__', import.meta.url)), { recursive: true, force: true }))

  const keyless = (calls: string[]): Model => ({
    name: 'keyless',
    identity: { provider: 'openai-compatible', model: 'keyless', params: { temperature: 0 } },
    price: { input: 1, output: 1 },
    hasCredentials: false,
    generate: async () => (calls.push('called'), { text: verdict('pass'), latencyMs: 1 }),
  })
  const recordings = () => loadRecordingStore(join(mkdtempSync(join(tmpdir(), 'evalsuite-wrapped-')), 'judge.jsonl'))
  const wrappers: Array<[string, (model: Model) => Model]> = [
    ['none', (model) => model],
    ['the cost budget', (model) => withCostLimit(model, 1, 'returns').model],
    ['the recordings', (model) => createRecordedModel(model, recordings(), 'auto')],
    ['both, as a benchmark stacks them', (model) => createRecordedModel(withCostLimit(model, 1, 'returns').model, recordings(), 'auto')],
  ]

  it.each(wrappers)('replays for a judge without credentials behind %s: a missing verdict fails, nothing is called', async (_, wrap) => {
    const calls: string[] = []
    const judgeModel = wrap(keyless(calls))
    expect(judgeModel.hasCredentials).toBe(false)
    const judging = createBenchmarkJudging('returns', { model: judgeModel, definition: 'The reply gives a 30-day window.' })
    const meta: SampleMeta = { kind: 'sample', sampleId: 's', status: 'pending' }
    const at = {
      meta,
      file: join(mkdtempSync(join(tmpdir(), 'evalsuite-wrapped-')), 'returns.eval.ts'),
      signal: new AbortController().signal,
      annotate: async () => undefined,
    }
    await expect(scoreByPolicy(judging, sample('s'), { text: OUTPUTS.right, latencyMs: 1 }, undefined, at)).rejects.toThrow(
      /^No stored verdict for sample "s" /,
    )
    await expect(expect(OUTPUTS.right).toPassJudge('The reply gives a 30-day window.', { model: judgeModel })).rejects.toThrow(
      /^No stored verdict for sample /,
    )
    expect(calls).toEqual([])
  })
})
