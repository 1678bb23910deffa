import { getEventListeners } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { createSampleRun, type SampleCall } from '../../src/run/sample-run.ts'
import type { PlannedSample } from '../../src/selection/plan-samples.ts'
import type { ModelOutput } from '../../src/model/index.ts'
import type { Sample } from '../../src/schema/index.ts'

const samples: PlannedSample[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((id) => ({
  key: id,
  sample: { id, input: `question ${id}`, target: id },
  attempt: 0,
}))

/** A fake model call that records which samples it was asked, and how many calls were in flight at most. */
function fakeInfer(options: { delayMs?: number; fail?: (sample: Sample) => Error | undefined } = {}) {
  const state = { calls: [] as string[], inFlight: 0, maxInFlight: 0 }
  const infer = async ({ sample }: PlannedSample, _call?: SampleCall): Promise<ModelOutput> => {
    state.calls.push(sample.id)
    state.inFlight++
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight)
    try {
      await sleep(options.delayMs ?? 2)
      const failure = options.fail?.(sample)
      if (failure) throw failure
      const nth = state.calls.filter((id) => id === sample.id).length
      return { text: `${sample.id}#${nth}`, latencyMs: 1 }
    } finally {
      state.inFlight--
    }
  }
  return { infer, state }
}

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason)
}

afterEach(() => {
  process.off('unhandledRejection', onUnhandled)
  unhandled.length = 0
})

describe('createSampleRun', () => {
  it('never has more than `concurrency` calls in flight, and uses all of them', async () => {
    const { infer, state } = fakeInfer()
    const run = createSampleRun(samples, infer, { concurrency: 3, stopAfterFailures: 5, ahead: 100 })
    run.start(samples.map((s) => s.key))
    const outputs = await Promise.all(samples.map((s) => run.output(s.key)))
    expect(outputs.map((o) => o.text)).toEqual(samples.map((s) => `${s.key}#1`))
    expect(state.maxInFlight).toBe(3)
    expect(state.calls).toHaveLength(10)
  })

  it('starts only the given samples, in the given order', async () => {
    const { infer, state } = fakeInfer()
    const run = createSampleRun(samples, infer, { concurrency: 8, stopAfterFailures: 5, ahead: 100 })
    run.start(['d', 'b', 'h'])
    await sleep(20)
    expect(state.calls).toEqual(['d', 'b', 'h'])
  })

  it('asks for a sample that was not started when its reply is awaited', async () => {
    const { infer, state } = fakeInfer()
    const run = createSampleRun(samples, infer, { concurrency: 8, stopAfterFailures: 5, ahead: 100 })
    run.start(['a'])
    expect((await run.output('c')).text).toBe('c#1')
    expect(state.calls).toEqual(['a', 'c'])
  })

  it('takes the reply called ahead instead of asking again, and keeps none once it is taken', async () => {
    const { infer, state } = fakeInfer()
    const run = createSampleRun(samples, infer, { concurrency: 8, stopAfterFailures: 5, ahead: 100 })
    run.start(['a', 'b'])
    const first = run.output('a')
    expect(run.output('a')).toBe(first)
    expect((await first).text).toBe('a#1')
    expect((await run.output('b')).text).toBe('b#1')
    expect(state.calls).toEqual(['a', 'b'])
    // a reply taken and settled is the test's alone: asked for again, it is called again
    expect((await run.output('a')).text).toBe('a#2')
  })

  it('asks again for a fresh reply (a Vitest retry)', async () => {
    const { infer, state } = fakeInfer()
    const run = createSampleRun(samples, infer, { concurrency: 8, stopAfterFailures: 5, ahead: 100 })
    run.start(['a'])
    expect((await run.output('a')).text).toBe('a#1')
    expect((await run.output('a', true)).text).toBe('a#2')
    expect(state.calls).toEqual(['a', 'a'])
  })

  it('calls at most `ahead` replies ahead of the tests that take them, and one more as each is taken', async () => {
    const { infer, state } = fakeInfer({ delayMs: 0 })
    const run = createSampleRun(samples, infer, { concurrency: 8, stopAfterFailures: 5, ahead: 3 })
    run.start(samples.map((s) => s.key))
    await sleep(20)
    expect(state.calls).toEqual(['a', 'b', 'c'])
    expect((await run.output('a')).text).toBe('a#1')
    await sleep(20)
    expect(state.calls).toEqual(['a', 'b', 'c', 'd'])
    // a test that runs before its turn (out of order) is called at once, and the pool does not call it again
    expect((await run.output('h')).text).toBe('h#1')
    for (const key of ['b', 'c', 'd', 'e', 'f', 'g', 'i', 'j']) await run.output(key)
    expect(state.calls).toEqual(['a', 'b', 'c', 'd', 'h', 'e', 'f', 'g', 'i', 'j'])
  })

  it('hands each reply called ahead to the listener as it arrives, before its test takes it', async () => {
    const { infer } = fakeInfer({ delayMs: 0 })
    const heard: string[] = []
    const run = createSampleRun(samples, infer, { concurrency: 2, stopAfterFailures: 5, ahead: 4 })
    run.start(['a', 'b', 'c'], (entry, output) => heard.push(`${entry.key}:${output.text}`))
    await sleep(20)
    expect(heard).toEqual(['a:a#1', 'b:b#1', 'c:c#1'])
  })

  it('holds a failed call without an unhandled rejection until its reply is awaited', async () => {
    process.on('unhandledRejection', onUnhandled)
    const { infer } = fakeInfer({ fail: (sample) => (sample.id === 'b' ? new Error('HTTP 500 from the endpoint') : undefined) })
    const run = createSampleRun(samples, infer, { concurrency: 8, stopAfterFailures: 5, ahead: 100 })
    run.start(['a', 'b', 'c'])
    await sleep(30)
    expect(unhandled).toEqual([])
    await expect(run.output('b')).rejects.toThrowError('HTTP 500 from the endpoint')
    expect((await run.output('c')).text).toBe('c#1')
  })

  it('keeps the attempts of a repeated sample apart: one call each, each its own reply', async () => {
    const calls: string[] = []
    const infer = async ({ sample, attempt }: PlannedSample): Promise<ModelOutput> => {
      calls.push(`${sample.id}@${attempt}`)
      return { text: `reply to ${sample.id}@${attempt}`, latencyMs: 1 }
    }
    const sample: Sample = { id: 'q', input: 'question q', target: 'q' }
    const attempts = [0, 1, 2].map((attempt) => ({ key: `q#${attempt}`, sample, attempt }))
    const run = createSampleRun(attempts, infer, { concurrency: 8, stopAfterFailures: 5, ahead: 100 })
    run.start(attempts.map((a) => a.key))
    const replies = await Promise.all(attempts.map((a) => run.output(a.key)))
    expect(replies.map((o) => o.text)).toEqual(['reply to q@0', 'reply to q@1', 'reply to q@2'])
    expect(calls).toEqual(['q@0', 'q@1', 'q@2'])
  })

  it('rejects the reply of a sample it does not have', async () => {
    const run = createSampleRun(samples, fakeInfer().infer, { concurrency: 8, stopAfterFailures: 5, ahead: 100 })
    await expect(run.output('zz')).rejects.toThrowError('no sample "zz"')
  })

  it('measures time from the first dispatch only', async () => {
    const run = createSampleRun(samples, fakeInfer().infer, { concurrency: 8, stopAfterFailures: 5, ahead: 100 })
    expect(run.elapsedMs()).toBeUndefined()
    run.start([])
    expect(run.elapsedMs()).toBeUndefined()
    const before = performance.now()
    run.start(['a'])
    await run.output('a')
    const elapsed = run.elapsedMs()!
    expect(elapsed).toBeGreaterThanOrEqual(1)
    expect(elapsed).toBeLessThanOrEqual(performance.now() - before)
  })

  it('stops calling a dead endpoint after the given failures in a row, failing the rest with one clear message', async () => {
    const { infer, state } = fakeInfer({ fail: () => new Error('HTTP 500') })
    const run = createSampleRun(samples, infer, { concurrency: 1, stopAfterFailures: 3, ahead: 100 })
    run.start(samples.map((s) => s.key))
    const results = await Promise.allSettled(samples.map((s) => run.output(s.key)))
    expect(state.calls).toEqual(['a', 'b', 'c'])
    const reasons = results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'fulfilled'))
    expect(reasons.slice(0, 3)).toEqual(['HTTP 500', 'HTTP 500', 'HTTP 500'])
    expect(new Set(reasons.slice(3))).toEqual(
      new Set(['Not called: the last 3 calls failed in a row, so the endpoint looks down. The last error: HTTP 500']),
    )
  })

  it('counts failures in a row only: a success in between keeps the endpoint alive', async () => {
    const { infer, state } = fakeInfer({ fail: (sample) => (sample.id === 'c' || sample.id === 'f' ? undefined : new Error('flaky')) })
    const run = createSampleRun(samples, infer, { concurrency: 1, stopAfterFailures: 3, ahead: 100 })
    run.start(samples.map((s) => s.key))
    await Promise.allSettled(samples.map((s) => run.output(s.key)))
    expect(state.calls).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'])
  })

  it("stops listening to a test's signal once the reply has come, whether it came back or failed", async () => {
    const { infer } = fakeInfer({
      delayMs: 20,
      fail: (sample) => (sample.id === 'b' ? new Error('HTTP 500 from the endpoint') : undefined),
    })
    const run = createSampleRun(samples, infer, { concurrency: 2, stopAfterFailures: 5, ahead: 100 })
    run.start(['a', 'b'])
    const tests = [new AbortController(), new AbortController()]
    const replies = [run.output('a', false, tests[0]!.signal), run.output('b', false, tests[1]!.signal)]
    expect(tests.map((test) => getEventListeners(test.signal, 'abort').length)).toEqual([1, 1])
    await Promise.allSettled(replies)
    await sleep(0)
    expect(tests.map((test) => getEventListeners(test.signal, 'abort').length)).toEqual([0, 0])
  })

  it('gives up a queued sample at once when its test aborts, and never calls the model for it', async () => {
    const { infer, state } = fakeInfer({ delayMs: 20 })
    const run = createSampleRun(samples, infer, { concurrency: 1, stopAfterFailures: 5, ahead: 100 })
    run.start(['a', 'b'])
    const test = new AbortController()
    const reply = run.output('b', false, test.signal)
    test.abort(new Error('test timed out'))
    await expect(reply).rejects.toThrowError('test timed out')
    expect((await run.output('a')).text).toBe('a#1')
    await sleep(30)
    expect(state.calls).toEqual(['a'])
  })

  it('counts a call its test gave up on as failed, so an endpoint that outlasts every test timeout is taken for down', async () => {
    let calls = 0
    const hung = (): Promise<ModelOutput> => (calls++, new Promise<ModelOutput>(() => undefined))
    const run = createSampleRun(samples, hung, { concurrency: 1, stopAfterFailures: 2, ahead: 100 })
    run.start(samples.map((s) => s.key))
    for (const key of ['a', 'b']) {
      // the call begins in the pool's next turn
      await sleep(0)
      const test = new AbortController()
      const reply = run.output(key, false, test.signal)
      test.abort(new Error('Test timed out in 300ms.'))
      await expect(reply).rejects.toThrowError('Test timed out in 300ms.')
    }
    await expect(run.output('c')).rejects.toThrowError(
      'Not called: the last 2 calls failed in a row, so the endpoint looks down. The last error: Test timed out in 300ms.',
    )
    expect(calls).toBe(2)
  })

  it('fails a long queue behind a dead endpoint without running out of stack', async () => {
    const many: PlannedSample[] = Array.from({ length: 20_000 }, (_, i) => ({
      key: `s${i}`,
      sample: { id: `s${i}`, input: 'q', target: 't' },
      attempt: 0,
    }))
    const run = createSampleRun(many, () => Promise.reject(new Error('HTTP 500')), { concurrency: 1, stopAfterFailures: 1, ahead: 100 })
    run.start(many.map((entry) => entry.key))
    const results = await Promise.allSettled(many.map((entry) => run.output(entry.key)))
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(20_000)
    expect((results.at(-1) as PromiseRejectedResult).reason.message).toMatch(/^Not called: the last 1 calls failed in a row/)
  })

  it('frees the place of a call its test gave up on, even when the call ignores the signal', async () => {
    const hung = new Promise<ModelOutput>(() => undefined)
    const { infer: quick } = fakeInfer()
    const run = createSampleRun(samples, (entry, call) => (entry.key === 'a' ? hung : quick(entry, call)), {
      concurrency: 1,
      stopAfterFailures: 5,
      ahead: 100,
    })
    run.start(['a', 'b'])
    await sleep(0)
    const test = new AbortController()
    const reply = run.output('a', false, test.signal)
    test.abort(new Error('test timed out'))
    await expect(reply).rejects.toThrowError('test timed out')
    expect((await run.output('b')).text).toBe('b#1')
  })

  it('once stopped, gives up every call not yet answered, in flight or waiting, and calls nothing more', async () => {
    const hung = new Promise<ModelOutput>(() => undefined)
    const calls: string[] = []
    const run = createSampleRun(samples, (entry) => (calls.push(entry.key), hung), { concurrency: 2, stopAfterFailures: 5, ahead: 4 })
    run.start(samples.map((s) => s.key))
    await sleep(0)
    expect(calls).toEqual(['a', 'b'])
    run.stop(new Error('every gate is decided'))
    const replies = await Promise.allSettled(['a', 'c', 'j'].map((key) => run.output(key)))
    expect(replies.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'fulfilled'))).toEqual([
      'every gate is decided',
      'every gate is decided',
      'every gate is decided',
    ])
    await sleep(10)
    expect(calls).toEqual(['a', 'b'])
  })

  it("aborts a call's signal when its call is given up, whether the call reads it before or after", async () => {
    const seen: Record<string, boolean[]> = { early: [], late: [] }
    const infer = async ({ key }: PlannedSample, call: SampleCall): Promise<ModelOutput> => {
      const early = key === 'a' ? call.signal : undefined
      await sleep(10)
      seen[key === 'a' ? 'early' : 'late'] = [early?.aborted ?? call.signal.aborted, call.signal.aborted]
      return { text: key, latencyMs: 1 }
    }
    const run = createSampleRun(samples.slice(0, 2), infer, { concurrency: 2, stopAfterFailures: 5, ahead: 100 })
    run.start(['a', 'b'])
    await sleep(0)
    run.stop(new Error('test timed out'))
    await Promise.allSettled([run.output('a'), run.output('b')])
    await sleep(20)
    expect(seen).toEqual({ early: [true, true], late: [true, true] })
  })
})
