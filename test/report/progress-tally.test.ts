import { describe, expect, it } from 'vitest'
import { countSample, emptyTally, progressLine } from '../../src/report/progress-tally.ts'
import type { SampleMeta } from '../../src/schema/index.ts'

const scored = (usage?: SampleMeta['usage'], extra: object = {}): SampleMeta => ({ kind: 'sample', sampleId: 's', status: 'scored', scores: { accuracy: 1 }, ...(usage ? { usage } : {}), ...extra })

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
    expect(progressLine(tally, 3_723_000)).toBe('evalsuite 2/3 samples (66%) · 1 errored · 1h02m elapsed · ETA 31m02s · 1.5k in / 20 out tokens · $0.0021')
  })

  it('counts a sample the cost budget left out as done, not as errored', () => {
    const tally = { ...emptyTally(), total: 1 }
    countSample(tally, { kind: 'sample', sampleId: 'b', status: 'pending', notRun: 'budget' }, false)
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
})
