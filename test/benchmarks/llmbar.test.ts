import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createBenchmarkJudging, scoreByPolicy } from '../../src/judge/benchmark-judge.ts'
import { prepareSamples } from '../../src/benchmark/prepare-samples.ts'
import { resolveDefined } from '../../src/benchmark/resolve-benchmark.ts'
import { llmbar } from '../../src/benchmarks/index.ts'
import { ConfigError } from '../../src/errors.ts'
import type { SampleMeta } from '../../src/schema/index.ts'
import { scriptedJudge } from '../judge/scripted-judge.ts'

// the committed slice of LLMBar's natural set (MIT): 30 of its 100 instances
const path = 'fixtures/real/llmbar/LLMBar/Natural/dataset.jsonl'

describe('llmbar on real instances', () => {
  it('needs only a judge model: the output under test is output_1, its label the human verdict', async () => {
    const judgeModel = scriptedJudge('grader', () => 'Answer 1')
    const resolved = resolveDefined(llmbar({ path }), { judge: { model: judgeModel } }, undefined, undefined)
    expect(resolved.primaryMetric).toBe('judge_agreement')
    const { planned } = await prepareSamples(resolved)
    expect(planned).toHaveLength(30)
    const [first] = planned
    expect(first!.sample).toMatchObject({ id: '3', target: 'win' })
    expect(new Set(planned.map(({ sample }) => sample.target))).toEqual(new Set(['win', 'loss']))
    expect(await resolved.run.task!(first!.sample, { signal: new AbortController().signal, attempt: 0 })).toBe(
      first!.sample.metadata!.output_1,
    )
  })

  it('asks with its own prompt in both orders, reads "Answer 1" / "Answer 2", and scores against the label', async () => {
    // a judge that always prefers the answer shown first: right in one order, wrong in the other
    const judgeModel = scriptedJudge('grader', () => 'Answer 1\n')
    const resolved = resolveDefined(llmbar({ path, limit: 1 }), { judge: { model: judgeModel, verdicts: 'live' } }, undefined, undefined)
    const { planned } = await prepareSamples(resolved)
    const sample = planned[0]!.sample
    const judging = createBenchmarkJudging('llmbar', resolved.run.judge)
    const meta: SampleMeta = { kind: 'sample', sampleId: sample.id, status: 'pending' }
    const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-llmbar-')), 'llmbar.eval.ts')
    const scores = await scoreByPolicy(judging, sample, { text: String(sample.metadata!.output_1), latencyMs: 0 }, undefined, {
      meta,
      file,
      signal: new AbortController().signal,
      annotate: async () => undefined,
    })
    expect(meta.judge![0]).toMatchObject({ name: 'llmbar judge', verdicts: { original: 'win', swapped: 'loss' }, expected: 'win' })
    expect(scores).toEqual({
      judge_agreement: 0.5,
      judge_agreement_original: 1,
      judge_agreement_swapped: 0,
      judge_agreement_both: 0,
      position_consistency: 0,
    })
    const [system, user] = judgeModel.prompts[0]!
    expect(system!.content).toContain(
      'Reply with one line and nothing else: "Answer 1" if answer_1 is better, "Answer 2" if answer_2 is better.',
    )
    expect(system!.content).not.toContain('JSON object')
    expect(user!.content).toContain(String(sample.metadata!.output_2))
  })

  it('reads the original dataset.json too, and refuses a label that is not 1 or 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evalsuite-llmbar-'))
    const file = join(dir, 'dataset.json')
    writeFileSync(
      file,
      JSON.stringify(
        [
          { input: 'Say hi.', output_1: 'Hi!', output_2: 'Bye.', label: 1 },
          { input: 'Say bye.', output_1: 'Hi!', output_2: 'Bye.', label: 3 },
        ],
        null,
        2,
      ),
    )
    const resolved = resolveDefined(
      llmbar({ path: file }),
      { judge: { model: scriptedJudge('grader', () => 'Answer 1') } },
      undefined,
      undefined,
    )
    await expect(prepareSamples(resolved)).rejects.toThrow('field "label" must be 1 or 2, received 3')
  })

  it('refuses options it does not take', () => {
    expect(() => llmbar({ path, prompt: 'x' } as never)).toThrow(ConfigError)
  })
})
