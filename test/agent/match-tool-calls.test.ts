import { describe, expect, it } from 'vitest'
import { matchToolCall, matchToolCalls, matchTrajectory, toolArgs, trajectoryMeasures } from '../../src/agent/index.ts'
import { call, trajectoryOf } from './trajectory-fixtures.ts'

// search, then lookup and fetch in parallel, then a reply
const agent = trajectoryOf(
  [call('search', { q: 'refund policy' })],
  [call('lookup', { id: 7 }), call('fetch', { url: 'https://a.test/7' })],
)

describe('toCallTool', () => {
  it('passes when any call has the name and arguments meeting the spec', () => {
    expect(matchToolCall(agent, 'fetch').pass).toBe(true)
    expect(matchToolCall(agent, 'lookup', { id: 7 }).explanation).toBe('step 2 called `lookup` with `{ id: 7 }`')
  })

  it('says which call of the tool had other arguments, or what was called instead', () => {
    expect(matchToolCall(agent, 'lookup', { id: 8 }).explanation).toMatchInlineSnapshot(
      `"step 2: called \`lookup\` with \`{ id: 7 }\`: argument "id": expected 8, received 7"`,
    )
    expect(matchToolCall(agent, 'delete').explanation).toMatchInlineSnapshot(
      `"expected \`delete\`, but \`delete\` was not called: step 1 called \`search\` with \`{ q: "refund policy" }\` and 2 more"`,
    )
    expect(matchToolCall(trajectoryOf(), 'delete').explanation).toBe('expected `delete`, but no tool was called')
  })
})

describe('toCallTools', () => {
  it('order strict, extra allow: the expected calls in order, others between them', () => {
    expect(matchToolCalls(agent, ['search', 'fetch']).pass).toBe(true)
    expect(matchToolCalls(agent, ['fetch', 'search']).explanation).toMatchInlineSnapshot(
      `"expected \`search\` after step 2, but no tool was called then"`,
    )
  })

  it('order strict, extra forbid: exactly the expected calls, where the trajectory first left them', () => {
    expect(matchToolCalls(agent, ['search', 'lookup', 'fetch'], { extra: 'forbid' }).pass).toBe(true)
    expect(
      matchToolCalls(agent, ['search', 'lookup', { name: 'lookup', arguments: { id: 7 } }], { extra: 'forbid' }).explanation,
    ).toMatchInlineSnapshot(`"step 2: called \`fetch\` with \`{ url: "https://a.test/7" }\`, expected \`lookup\`"`)
    expect(matchToolCalls(agent, ['search', 'lookup'], { extra: 'forbid' }).explanation).toMatchInlineSnapshot(
      `"step 2: called \`fetch\` with \`{ url: "https://a.test/7" }\`, expected no more calls"`,
    )
    expect(matchToolCalls(agent, ['search', 'lookup', 'fetch', 'reply'], { extra: 'forbid' }).explanation).toMatchInlineSnapshot(
      `"expected \`reply\` as call 4, but the trajectory made only 3 calls"`,
    )
  })

  it('order any: pairs calls one to one, so two expected calls need two calls', () => {
    expect(matchToolCalls(agent, ['fetch', 'search'], { order: 'any' }).pass).toBe(true)
    const twice = matchToolCalls(agent, ['search', 'search'], { order: 'any' })
    expect(twice.pass).toBe(false)
    expect(twice.counts).toEqual({ expected: 2, made: 3, matched: 1 })
  })

  it('order any pairs a permissive expected call with the call a strict one does not need', () => {
    const parallel = trajectoryOf([call('weather', { city: 'Paris' }), call('weather', { city: 'Rome' })])
    const expected = [{ name: 'weather' }, { name: 'weather', arguments: { city: 'Paris' } }]
    expect(matchToolCalls(parallel, expected, { order: 'any', extra: 'forbid' }).pass).toBe(true)
  })

  it('order any, extra forbid: names the call no expected call matches', () => {
    expect(matchToolCalls(agent, ['fetch', 'search'], { order: 'any', extra: 'forbid' }).explanation).toMatchInlineSnapshot(
      `"step 2: called \`lookup\` with \`{ id: 7 }\`, which no expected call matches"`,
    )
    expect(matchToolCalls(trajectoryOf(), [], { order: 'any', extra: 'forbid' }).pass).toBe(true)
  })
})

describe('toMatchTrajectory', () => {
  const reference = [[{ name: 'search', arguments: toolArgs.partial({ q: 'refund policy' }) }], ['fetch', 'lookup']]

  it('strict: step by step, calls within a step in any order', () => {
    expect(matchTrajectory(agent, reference).pass).toBe(true)
    expect(matchTrajectory(agent, agent).pass).toBe(true)
    const flat = trajectoryOf([
      call('search', { q: 'refund policy' }),
      call('lookup', { id: 7 }),
      call('fetch', { url: 'https://a.test/7' }),
    ])
    expect(matchTrajectory(flat, reference).explanation).toMatchInlineSnapshot(
      `"step 1: called \`lookup\` with \`{ id: 7 }\`, which no expected call matches"`,
    )
    expect(matchTrajectory(trajectoryOf([call('search', { q: 'refund policy' })]), reference).explanation).toMatchInlineSnapshot(
      `"expected a further step calling \`fetch\`, \`lookup\`, but the calls ended at step 1"`,
    )
  })

  it('unordered: the same calls in any steps', () => {
    const flat = trajectoryOf([call('lookup', { id: 7 }), call('fetch', { url: 'x' }), call('search', { q: 'refund policy' })])
    expect(matchTrajectory(flat, reference, { mode: 'unordered' }).pass).toBe(true)
    expect(matchTrajectory(trajectoryOf([call('lookup', { id: 7 })]), reference, { mode: 'unordered' }).pass).toBe(false)
  })

  it('subset: only calls the reference holds; superset: every call it holds', () => {
    const fewer = trajectoryOf([call('lookup', { id: 7 })])
    expect(matchTrajectory(fewer, reference, { mode: 'subset' }).pass).toBe(true)
    expect(matchTrajectory(fewer, reference, { mode: 'superset' }).pass).toBe(false)
    const more = trajectoryOf([call('search', { q: 'refund policy' }), call('lookup', { id: 7 }), call('fetch', {}), call('delete', {})])
    expect(matchTrajectory(more, reference, { mode: 'superset' }).pass).toBe(true)
    expect(matchTrajectory(more, reference, { mode: 'subset' }).explanation).toMatchInlineSnapshot(
      `"step 1: called \`delete\` with \`{}\`, which the reference does not hold"`,
    )
  })
})

it('measures steps and the calls that failed: unparsed arguments, or a result with an error', () => {
  const failing = trajectoryOf([
    call('search', { q: 'x' }),
    { id: 'b', name: 'fetch', arguments: undefined, rawArguments: '{', error: 'bad JSON' },
  ])
  failing.steps[0]!.toolResults[0]!.error = 'the tool threw: timeout'
  expect(trajectoryMeasures(failing)).toEqual({ steps: 2, tool_errors: 2 })
  expect(trajectoryMeasures(agent)).toEqual({ steps: 3, tool_errors: 0 })
})
