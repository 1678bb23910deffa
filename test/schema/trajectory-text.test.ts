import { describe, expect, it } from 'vitest'
import { cutTrajectory, parseSampleMeta, parseTrajectoryText, trajectoryText, type Trajectory } from '../../src/schema/index.ts'
import { redactKeys } from '../../src/store/index.ts'

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

describe('a trajectory text masks keys string by string', () => {
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
    const masked = trajectoryText(leaking, redactKeys)
    expect(masked).not.toContain(key)
    const read = parseTrajectoryText(masked)
    expect('trajectory' in read && read.trajectory.steps[0]!.toolResults[0]!.output).toBe('HOME=/root\nsk-proj-***')
    // why the strings are masked before they are written: in the text an escape stands before the key
    expect(redactKeys(trajectoryText(leaking))).toContain(key)
  })
})
