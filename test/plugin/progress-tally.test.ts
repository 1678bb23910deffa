import { describe, expect, it } from 'vitest'
import { countSample, emptyTally, progressLine } from '../../src/plugin/progress-tally.ts'
import type { SampleMeta } from '../../src/schema/index.ts'

const scored = (usage?: SampleMeta['usage'], extra: object = {}): SampleMeta => ({
  kind: 'sample',
  sampleId: 's',
  status: 'scored',
  scores: { accuracy: 1 },
  ...(usage ? { usage } : {}),
  ...extra,
})

describe('progress line', () => {
  it('shows done of total, percent, elapsed and an ETA from the rate so far', () => {
    const tally = { ...emptyTally(), total: 400 }
    for (let i = 0; i < 100; i++) countSample(tally, scored(), false)
    // 100 samples in 50 s: the other 300 take 150 s
    expect(progressLine(tally, 50_000)).toBe('evalsuite 100/400 samples (25%) · 50s elapsed · ETA 2m30s')
  })

  it('counts errored samples, tokens and cost', () => {
    const tally = { ...emptyTally(), total: 3 }
    countSample(tally, scored({ inputTokens: 1500, outputTokens: 20 }, { costUsd: 0.0021 }), false)
    countSample(tally, { kind: 'sample', sampleId: 'e', status: 'errored', error: 'ModelError: 500' }, true)
    expect(progressLine(tally, 3_723_000)).toBe(
      'evalsuite 2/3 samples (66%) · 1 errored · 1h02m elapsed · ETA 31m02s · 1.5k in / 20 out tokens · $0.0021',
    )
  })

  it("counts the judges' tokens and cost apart from the model under test's", () => {
    const tally = { ...emptyTally(), total: 2 }
    const judged = (usage: { inputTokens: number; outputTokens: number }, costUsd: number): SampleMeta['judge'] => [
      {
        name: 'polite',
        status: 'judged',
        pass: true,
        score: 1,
        judges: ['gpt-4o'],
        calls: { live: 1, stored: 0, invalid: 0 },
        usage,
        costUsd,
      },
    ]
    countSample(
      tally,
      scored({ inputTokens: 300, outputTokens: 40 }, { costUsd: 0.0001, judge: judged({ inputTokens: 900, outputTokens: 60 }, 0.0024) }),
      false,
    )
    countSample(
      tally,
      scored({ inputTokens: 300, outputTokens: 40 }, { costUsd: 0.0001, judge: judged({ inputTokens: 800, outputTokens: 50 }, 0.0021) }),
      false,
    )
    expect(progressLine(tally, 4_000)).toBe(
      'evalsuite 2/2 samples (100%) · 4s elapsed · 600 in / 80 out tokens · $0.0002 · judge 1.7k in / 110 out tokens, $0.0045',
    )
  })

  it('counts a sample the cost budget left out as done, not as errored', () => {
    const tally = { ...emptyTally(), total: 1 }
    countSample(tally, { kind: 'sample', sampleId: 'b', status: 'pending', notRun: 'cost-limit' }, false)
    expect(tally).toMatchObject({ done: 1, errored: 0 })
  })

  it('counts a scored sample whose test then failed with an error as errored', () => {
    const tally = { ...emptyTally(), total: 1 }
    countSample(tally, scored(), true)
    expect(tally.errored).toBe(1)
  })

  it('gives no ETA before the first sample or after the last', () => {
    expect(progressLine({ ...emptyTally(), total: 10 }, 2_000)).toBe('evalsuite 0/10 samples (0%) · 2s elapsed')
    const tally = { ...emptyTally(), total: 1 }
    countSample(tally, scored(), false)
    expect(progressLine(tally, 61_000)).toBe('evalsuite 1/1 samples (100%) · 1m01s elapsed')
  })

  it('reads a record the schema would refuse field by field: what is not a finite number counts as none', () => {
    const tally = { ...emptyTally(), total: 3 }
    countSample(tally, { status: 'scored', costUsd: '0.5', usage: { inputTokens: Number.NaN, outputTokens: 7 }, judge: 'x' }, false)
    countSample(tally, { status: 'scored', usage: null, judge: [{ costUsd: Infinity, usage: { inputTokens: 3 } }] }, false)
    countSample(tally, undefined, false)
    expect(tally).toMatchObject({ done: 3, errored: 1, inputTokens: 0, outputTokens: 7, costUsd: 0 })
    expect(tally.judge).toEqual({ inputTokens: 3, outputTokens: 0, costUsd: 0 })
    expect(progressLine(tally, 1000)).not.toMatch(/NaN|Infinity/)
  })
})
