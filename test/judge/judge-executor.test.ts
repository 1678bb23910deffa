import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { JudgeError, ModelError } from '../../src/errors.ts'
import {
  createJudgeExecutor,
  judge,
  type JudgeCase,
  type JudgeDefinition,
  type JudgeRequest,
  type JudgeSettings,
} from '../../src/judge/index.ts'
import type { Model } from '../../src/model/index.ts'
import type { JudgeRecord } from '../../src/schema/index.ts'
import { scriptedJudge, verdict } from './scripted-judge.ts'

const context = { output: 'Paris is the capital of France.', input: 'What is the capital of France?', reference: 'Paris' }
const criteria = judge.labels({ prompt: 'Does the response give the same capital as the reference?', labels: { pass: 1, fail: 0 } })

function settings(models: Model[], more: Partial<JudgeSettings> = {}): JudgeSettings {
  return { models, mode: 'live', update: false, repeats: 1, swap: true, concurrency: 8, timeoutMs: 2000, ...more }
}

const evalFile = (): string => join(mkdtempSync(join(tmpdir(), 'evalsuite-judge-')), 'capitals.eval.ts')

function run(models: Model[], definition: JudgeDefinition = criteria, more: Partial<JudgeSettings> = {}): Promise<JudgeRecord> {
  return createJudgeExecutor(settings(models, more)).judge(definition, context, { sampleId: 's1', file: evalFile() })
}

describe('one judge, one reply', () => {
  it('records a valid verdict: label, score, reasoning, judge, and its tokens apart from the model under test', async () => {
    const judgeModel = scriptedJudge('grader', () => verdict('pass', 'Both say Paris.'))
    expect(await run([judgeModel])).toEqual({
      name: 'labels judge',
      status: 'judged',
      pass: true,
      score: 1,
      label: 'pass',
      // the lowest and highest score of its labels, which bound the metric's interval
      scale: { min: 0, max: 1 },
      reasoning: 'Both say Paris.',
      judges: ['grader'],
      calls: { live: 1, stored: 0, invalid: 0 },
      usage: { inputTokens: 100, outputTokens: 20 },
    })
  })

  it.each([
    ['prose', 'I think the response is right.', 'no JSON object in the reply "I think the response is right."'],
    ['JSON with extra text', `Verdict: ${verdict('pass')}`, 'text outside the JSON object'],
    ['two JSON objects', `${verdict('pass')}\n${verdict('fail')}`, '2 JSON objects in the reply; exactly one is expected'],
    [
      'a schema mismatch',
      '{"reasoning": "r", "verdict": "PASS"}',
      'the verdict does not match its schema (verdict: Invalid option: expected one of "pass"|"fail")',
    ],
  ])('keeps %s as an invalid reply: no score (never a zero), counted, and not asked again', async (_, reply, reason) => {
    const judgeModel = scriptedJudge('grader', () => reply)
    const record = await run([judgeModel])
    expect(record).toMatchObject({
      status: 'invalid',
      reason: `judge "grader": case "judge": ${reason}`,
      calls: { live: 1, stored: 0, invalid: 1 },
    })
    expect(record).not.toHaveProperty('score')
    expect(record).not.toHaveProperty('pass')
    expect(judgeModel.prompts).toHaveLength(1)
  })

  it('fails the sample on a transport error, naming the judge and the sample, and gives up its other calls', async () => {
    let aborted = 0
    const failing = scriptedJudge('flaky', () => Promise.reject(new ModelError('Model "flaky" failed after retries (HTTP 500): boom')))
    const slow: Model = {
      name: 'slow',
      generate: (_, options) =>
        new Promise((_, reject) => options?.signal?.addEventListener('abort', () => (aborted++, reject(options.signal!.reason)))),
    }
    const error = await run([failing, slow], criteria, { quorum: 1 }).catch((e: unknown) => e)
    expect(error).toEqual(
      new JudgeError('Judge "flaky" failed (sample "s1", case "judge"): Model "flaky" failed after retries (HTTP 500): boom'),
    )
    expect(aborted).toBe(1)
  })

  it('fails the sample when the judge does not answer in time, even if it ignores the abort signal', async () => {
    const hung: Model = { name: 'hung', generate: () => new Promise(() => undefined) }
    await expect(run([hung], criteria, { timeoutMs: 50 })).rejects.toThrowError(
      new JudgeError('Judge "hung" did not answer within 50 ms (sample "s1", case "judge").'),
    )
  })

  it('calls no judge for judge.skip, keeping the rule and its reason', async () => {
    const judgeModel = scriptedJudge('grader', () => verdict('pass'))
    expect(await run([judgeModel], judge.skip(0, 'the reply is empty'))).toEqual({
      name: 'rule',
      status: 'skipped',
      pass: false,
      score: 0,
      reason: 'the reply is empty',
      judges: [],
      calls: { live: 0, stored: 0, invalid: 0 },
    })
    expect(judgeModel.prompts).toHaveLength(0)
  })
})

describe("the judge's cost, apart from the model under test", () => {
  it("prices each call at the judge's price, summed over repeats, and keeps a cost the reply already gives", async () => {
    const priced = { ...scriptedJudge('priced', () => verdict('pass')), price: { input: 2, output: 10 } }
    // 3 calls of 100 tokens in and 20 out at $2 and $10 per million
    expect(await run([priced], criteria, { repeats: 3 })).toMatchObject({
      usage: { inputTokens: 300, outputTokens: 60 },
      costUsd: expect.closeTo(0.0012, 12),
    })
    const billing: Model = {
      name: 'billing',
      generate: async () => ({ text: verdict('pass'), usage: { inputTokens: 5, outputTokens: 5 }, costUsd: 0.25, latencyMs: 1 }),
    }
    expect((await run([billing])).costUsd).toBe(0.25)
  })

  it('costs $0 when every verdict is stored, and leaves the cost out when a judge has no price', async () => {
    const file = evalFile()
    const priced = { ...scriptedJudge('priced', () => verdict('pass')), price: { input: 2, output: 10 } }
    const judgeOnce = (models: Model[]) =>
      createJudgeExecutor(settings(models, { mode: 'record' })).judge(criteria, context, { sampleId: 's1', file })
    expect((await judgeOnce([priced])).costUsd).toBeCloseTo(0.0004)
    expect(await judgeOnce([priced])).toMatchObject({ calls: { live: 0, stored: 1 }, costUsd: 0 })
    expect(await judgeOnce([priced, scriptedJudge('unpriced', () => verdict('pass'))])).not.toHaveProperty('costUsd')
  })
})

describe('pairwise judges are asked in both orders', () => {
  const pairwise = judge.pairwise({ prompt: 'Which answer names the capital more precisely?' })

  it('counts a verdict only when both orders agree, and shows the answers swapped the second time', async () => {
    // a fair judge prefers the answer that mentions France, wherever it stands
    const fair = scriptedJudge('fair', ({ parts }) =>
      JSON.stringify({ reasoning: 'r', winner: parts.get('answer_1')!.includes('France') ? 'first' : 'second' }),
    )
    const record = await run([fair], pairwise)
    expect(record).toMatchObject({ status: 'judged', label: 'win', score: 1, pass: true, agreement: { swaps: 1 }, calls: { live: 2 } })
    const shown = fair.prompts.map((messages) => /<<<BEGIN answer_1 \w+>>>\n(.*)\n/.exec(messages[1]!.content)![1])
    expect(shown).toEqual(['Paris is the capital of France.', 'Paris'])
  })

  it('gives no verdict when the orders disagree (a judge that always prefers the first answer)', async () => {
    const biased = scriptedJudge('biased', () => JSON.stringify({ reasoning: 'r', winner: 'first' }))
    const record = await run([biased], pairwise)
    expect(record).toMatchObject({
      status: 'invalid',
      reason: 'judge "biased": case "pairwise": the two orders disagree ("win" as asked, "loss" swapped)',
      agreement: { swaps: 0 },
    })
  })

  it('asks once when swaps are turned off', async () => {
    const biased = scriptedJudge('biased', () => JSON.stringify({ reasoning: 'r', winner: 'first' }))
    expect(await run([biased], pairwise, { swap: false })).toMatchObject({ status: 'judged', label: 'win', calls: { live: 1 } })
  })
})

describe('repeats and several judges', () => {
  const sequence = (name: string, replies: string[]): ReturnType<typeof scriptedJudge> => {
    let next = 0
    return scriptedJudge(name, () => replies[next++ % replies.length]!)
  }

  it('takes the majority of repeats, reporting how far they agreed', async () => {
    const record = await run([sequence('grader', [verdict('pass'), verdict('fail'), verdict('pass')])], criteria, { repeats: 3 })
    expect(record).toMatchObject({ status: 'judged', label: 'pass', calls: { live: 3 } })
    expect(record.agreement?.repeats).toBeCloseTo(2 / 3)
  })

  it('gives no verdict when repeats split evenly', async () => {
    const record = await run([sequence('grader', [verdict('pass'), verdict('fail')])], criteria, { repeats: 2 })
    expect(record).toMatchObject({ status: 'invalid', reason: 'judge "grader": its repeats split ("pass" ×1, "fail" ×1)' })
  })

  it('averages numeric grades and passes at the middle of the scale', async () => {
    const numeric = judge.numeric({ prompt: 'How complete is the answer, 1 to 5?', min: 1, max: 5 })
    const grades = sequence('grader', [JSON.stringify({ reasoning: 'r', score: 2 }), JSON.stringify({ reasoning: 'r', score: 4 })])
    expect(await run([grades], numeric, { repeats: 2 })).toMatchObject({ status: 'judged', score: 3, pass: true, metric: 'score' })
  })

  it('leaves out an invalid judge while the quorum holds', async () => {
    const record = await run(
      [scriptedJudge('a', () => verdict('pass')), scriptedJudge('b', () => 'no idea'), scriptedJudge('c', () => verdict('pass'))],
      criteria,
      { quorum: 2 },
    )
    expect(record).toMatchObject({
      status: 'judged',
      pass: true,
      judges: ['a', 'b', 'c'],
      calls: { live: 3, invalid: 1 },
      agreement: { judges: 1 },
    })
  })

  it('gives no verdict when the quorum is not reached, saying why each judge failed', async () => {
    const record = await run(
      [scriptedJudge('a', () => verdict('fail')), scriptedJudge('b', () => 'no idea'), scriptedJudge('c', () => '{}')],
      criteria,
    )
    expect(record).toMatchObject({
      status: 'invalid',
      reason:
        'quorum not reached: 1 of 3 judges gave a verdict, 2 needed; judge "b": case "judge": no JSON object in the reply "no idea"; ' +
        'judge "c": case "judge": the verdict does not match its schema (reasoning: Invalid input: expected string, received undefined; verdict: Invalid option: expected one of "pass"|"fail")',
    })
  })

  it('keeps at most `concurrency` judge calls in flight', async () => {
    let inFlight = 0
    let most = 0
    const counting: Model = {
      name: 'counting',
      async generate() {
        most = Math.max(most, ++inFlight)
        await new Promise((resolve) => setTimeout(resolve, 5))
        inFlight--
        return { text: verdict('pass'), latencyMs: 5 }
      },
    }
    const executor = createJudgeExecutor(settings([counting], { concurrency: 3, repeats: 2 }))
    const file = evalFile()
    await Promise.all(Array.from({ length: 10 }, (_, i) => executor.judge(criteria, context, { sampleId: `s${i}`, file })))
    expect(most).toBe(3)
  })
})

describe('workflow judges', () => {
  const Claims = z.object({ claims: z.array(z.string()) })
  const Support = z.object({ reasoning: z.string(), supported: z.boolean() })
  const claimCase = (text: string, index: number): JudgeCase => ({ id: `claim-${index + 1}`, schema: Support, data: text })
  const claims = judge.workflow<unknown>({
    name: 'every claim is supported',
    cases: [{ id: 'extract', schema: Claims }],
    request: (c, ctx): JudgeRequest =>
      c.id === 'extract'
        ? { criteria: 'List the factual claims the response makes.', material: { response: ctx.output } }
        : { criteria: 'Is this claim supported by the reference?', material: { reference: String(ctx.reference), claim: String(c.data) } },
    expand: (verdicts) => (verdicts.size === 1 ? (verdicts.get('extract') as z.infer<typeof Claims>).claims.map(claimCase) : []),
    reduce: (verdicts) => {
      const found = [...verdicts.entries()].filter(([id]) => id !== 'extract').map(([, v]) => (v as z.infer<typeof Support>).supported)
      const share = found.filter(Boolean).length / found.length
      return { pass: share === 1, score: share }
    },
    fallback: (c) => (c.id.startsWith('claim') ? { reasoning: 'unreadable reply counted as unsupported', supported: false } : undefined),
  })

  it('grades in stages, each case its own question, with a fallback for an unreadable reply', async () => {
    const grader = scriptedJudge('grader', ({ parts }) => {
      if (!parts.has('claim')) return JSON.stringify({ claims: ['Paris is a capital', 'France has a capital', 'Lyon is the capital'] })
      if (parts.get('claim') === 'France has a capital') return 'hmm'
      return JSON.stringify({ reasoning: 'r', supported: true })
    })
    const record = await run([grader], claims)
    expect(record).toMatchObject({ status: 'judged', pass: false, calls: { live: 4, invalid: 1 } })
    expect(record.score).toBeCloseTo(2 / 3)
  })

  it('refuses a fifth stage', async () => {
    const endless = judge.workflow({
      name: 'endless',
      cases: [{ id: 'stage-1', schema: Support }],
      request: () => ({ criteria: 'c', material: { response: 'r' } }),
      expand: (verdicts) => [{ id: `stage-${verdicts.size + 1}`, schema: Support }],
      reduce: () => ({ pass: true, score: 1 }),
    })
    await expect(run([scriptedJudge('grader', () => JSON.stringify({ reasoning: 'r', supported: true }))], endless)).rejects.toThrow(
      'Judge "endless": expand asked for a stage past the 4th.',
    )
  })
})
