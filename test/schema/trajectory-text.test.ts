import { describe, expect, it } from 'vitest'
import { cutTrajectory, parseSampleMeta, parseTrajectoryText, trajectoryText, type Trajectory } from '../../src/schema/index.ts'
import { keyMaskedJson, redactKeys } from '../../src/store/index.ts'

const long = 'r'.repeat(1500)

const trajectory: Trajectory = {
  steps: [
    {
      text: '',
      toolCalls: [{ id: 'call_1', name: 'search', arguments: { q: 'paris' }, rawArguments: '{"q":"paris"}' }],
      toolResults: [{ toolCallId: 'call_1', name: 'search', output: long, durationMs: 1.5, replayed: true }],
      usage: { inputTokens: 3, outputTokens: 0 },
      latencyMs: 92.6,
    },
    { text: 'Paris', toolCalls: [], toolResults: [], latencyMs: 35.4, costUsd: 0.001 },
  ],
  ended: 'reply',
}

describe('a trajectory as a sample record carries it: one JSON text of its cut form', () => {
  it('writes the cut trajectory, and reads back the same tree the report held before', () => {
    const text = trajectoryText(trajectory)
    expect(typeof text).toBe('string')
    expect(text).toBe(JSON.stringify(cutTrajectory(trajectory)))
    const read = parseTrajectoryText(text)
    expect(read).toEqual({ trajectory: cutTrajectory(trajectory) })
    // the tool result was cut to at most 1,000 characters on the way
    const output = 'trajectory' in read ? read.trajectory.steps[0]!.toolResults[0]!.output : ''
    expect(output).toContain('characters cut]')
    expect(output.length).toBeLessThanOrEqual(1000)
  })

  it('says what is wrong with a text that is not a trajectory', () => {
    expect(parseTrajectoryText('{"steps":[{"text":1}]')).toEqual({ problem: expect.stringMatching(/^not JSON/) })
    expect(parseTrajectoryText('{"steps":[],"ended":"later"}')).toEqual({ problem: expect.stringContaining('ended') })
  })

  it('is a string field of the sample record', () => {
    const meta = { kind: 'sample', sampleId: 's1', status: 'scored', scores: { accuracy: 1 }, trajectory: trajectoryText(trajectory) }
    expect(parseSampleMeta(meta).data?.trajectory).toBe(meta.trajectory)
    expect(parseSampleMeta({ ...meta, trajectory: trajectory }).success).toBe(false)
  })
})

describe('a trajectory text written by keyMaskedJson masks keys string by string', () => {
  const key = 'sk-proj-0123456789abcdefghijklmn'
  const leaking: Trajectory = {
    steps: [
      {
        text: '',
        toolCalls: [{ id: 'c1', name: 'env', arguments: {}, rawArguments: '{}' }],
        toolResults: [{ toolCallId: 'c1', name: 'env', output: `HOME=/root\n${key}`, durationMs: 0 }],
        latencyMs: 1,
      },
    ],
    ended: 'reply',
  }

  it('masks a key that starts a line, which the masked JSON text would have kept', () => {
    const masked = trajectoryText(leaking, keyMaskedJson)
    expect(masked).not.toContain(key)
    const read = parseTrajectoryText(masked)
    expect('trajectory' in read && read.trajectory.steps[0]!.toolResults[0]!.output).toBe('HOME=/root\nsk-proj-***')
    // why the strings are masked before they are written: in the text an escape stands before the key
    expect(redactKeys(trajectoryText(leaking))).toContain(key)
  })
})

describe('cutTrajectory', () => {
  const step = (text: string, rawArguments: string, output: string, error?: string): Trajectory['steps'][number] => ({
    text,
    toolCalls: [{ id: 'c1', name: 'tool', arguments: { a: 1 }, rawArguments }],
    toolResults: [{ toolCallId: 'c1', name: 'tool', output, ...(error === undefined ? {} : { error }), durationMs: 0 }],
    latencyMs: 1,
  })

  it('keeps a step within the lengths as it is, the same object', () => {
    const short = step('t', '{"a":1}', 'o', 'e')
    const cut = cutTrajectory({ steps: [short], ended: 'reply' })
    expect(cut.steps[0]).toBe(short)
  })

  it('cuts texts and arguments to 2,000 characters, results and their errors to 1,000, and drops arguments whose text was cut', () => {
    const long = step('t'.repeat(2001), `"${'a'.repeat(2000)}"`, 'o'.repeat(1001), 'e'.repeat(1001))
    const within = step('t'.repeat(2000), '{"a":1}', 'o'.repeat(1000), 'e'.repeat(1000))
    const [cutLong, cutWithin] = cutTrajectory({ steps: [long, within], ended: 'max-steps' }).steps
    expect(cutLong!.text.length).toBeLessThanOrEqual(2000)
    expect(cutLong!.toolCalls[0]!.rawArguments.length).toBeLessThanOrEqual(2000)
    expect(cutLong!.toolCalls[0]!.arguments).toBeUndefined()
    expect(cutLong!.toolResults[0]!.output.length).toBeLessThanOrEqual(1000)
    expect(cutLong!.toolResults[0]!.error!.length).toBeLessThanOrEqual(1000)
    expect(
      [cutLong!.text, cutLong!.toolResults[0]!.output, cutLong!.toolResults[0]!.error].every((text) => text!.includes('characters cut')),
    ).toBe(true)
    expect(cutWithin).toBe(within)
    // the step that was cut keeps the rest of its fields, in their order
    expect(Object.keys(cutLong!)).toEqual(Object.keys(long))
    expect(Object.keys(cutLong!.toolResults[0]!)).toEqual(Object.keys(long.toolResults[0]!))
  })
})
