import type { Trajectory } from '../schema/index.ts'
import type { ArgumentSpec } from './argument-spec.ts'
import {
  callMismatch,
  describeCall,
  describeExpected,
  expectedParts,
  madeCalls,
  missLine,
  type ExpectedCall,
  type MadeCall,
} from './expected-call.ts'
import { pairCalls } from './pair-calls.ts'

/** How many calls were expected, how many were made, and how many of those were paired one to one, whatever the order. */
export interface ToolCallCounts {
  expected: number
  made: number
  matched: number
}

/** A trajectory matcher's outcome: where the trajectory first left the expected calls, and the counts the tool metrics read. */
export interface TrajectoryMatch {
  pass: boolean
  /** What was found: where the trajectory first left the expected calls, or what matched. */
  explanation: string
  /** The expected calls, as messages name them. */
  expected: string[]
  /** The calls made, as messages quote them. */
  made: string[]
  counts: ToolCallCounts
}

/** How `toCallTools` compares: in the order given or any order, with or without calls beyond the expected ones. */
export interface ToCallToolsOptions {
  /** `strict`: the calls come in the order given; `any`: in any order. @default 'strict' */
  order?: 'strict' | 'any'
  /** `allow`: other calls may come before, between and after; `forbid`: only the expected calls are made. @default 'allow' */
  extra?: 'allow' | 'forbid'
}

function outcome(pass: boolean, explanation: string, expected: readonly ExpectedCall[], made: readonly MadeCall[]): TrajectoryMatch {
  const matched = pairCalls(expected, made).filter((index) => index !== -1).length
  return {
    pass,
    explanation,
    expected: expected.map(describeExpected),
    made: made.map(({ call, step }) => `step ${step}: ${describeCall(call)}`),
    counts: { expected: expected.length, made: made.length, matched },
  }
}

// why nothing fit an expected call: the first call of its tool and how it differs, else what was called at all
function noMatch(expected: ExpectedCall, made: readonly MadeCall[], after: string): string {
  const wanted = `expected ${describeExpected(expected)}${after}`
  const { name } = expectedParts(expected)
  const sameTool = made.find(({ call }) => call.name === name)
  if (sameTool) return `${missLine(expected, sameTool)}${after === '' ? '' : ` (looked for${after})`}`
  if (made.length === 0) return `${wanted}, but no tool was called${after === '' ? '' : ' then'}`
  const first = made[0]!
  return `${wanted}, but \`${name}\` was not called${after === '' ? '' : ' then'}: step ${first.step} called ${describeCall(first.call)}${made.length > 1 ? ` and ${made.length - 1} more` : ''}`
}

/** Whether the trajectory called the tool (with arguments meeting `args`, when given) at least once. */
export function matchToolCall(trajectory: Trajectory, name: string, args?: ArgumentSpec): TrajectoryMatch {
  const expected: ExpectedCall = args === undefined ? name : { name, arguments: args }
  const made = madeCalls(trajectory)
  const found = made.find(({ call }) => callMismatch(expected, call) === undefined)
  if (found) return outcome(true, `step ${found.step} called ${describeCall(found.call)}`, [expected], made)
  return outcome(false, noMatch(expected, made, ''), [expected], made)
}

function strictExact(expected: readonly ExpectedCall[], made: readonly MadeCall[]): string | undefined {
  for (let index = 0; index < Math.max(expected.length, made.length); index++) {
    const wanted = expected[index]
    const call = made[index]
    if (call === undefined)
      return `expected ${describeExpected(wanted!)} as call ${index + 1}, but ${index === 0 ? 'no tool was called' : `the trajectory made only ${index} call${index === 1 ? '' : 's'}`}`
    if (wanted === undefined) return `step ${call.step}: called ${describeCall(call.call)}, expected no more calls`
    if (callMismatch(wanted, call.call) !== undefined) return missLine(wanted, call)
  }
  return undefined
}

function strictInOrder(expected: readonly ExpectedCall[], made: readonly MadeCall[]): string | undefined {
  let next = 0
  for (const wanted of expected) {
    const found = made.findIndex((call, index) => index >= next && callMismatch(wanted, call.call) === undefined)
    if (found === -1) return noMatch(wanted, made.slice(next), next === 0 ? '' : ` after step ${made[next - 1]!.step}`)
    next = found + 1
  }
  return undefined
}

function anyOrder(expected: readonly ExpectedCall[], made: readonly MadeCall[], forbid: boolean): string | undefined {
  const pairs = pairCalls(expected, made)
  const missing = pairs.indexOf(-1)
  if (missing !== -1) {
    const unpaired = made.filter((_, index) => !pairs.includes(index))
    if (unpaired.length === 0 && made.length > 0) {
      const each = made.length === 1 ? 'the one call made' : `each of the ${made.length} calls made`
      return `expected ${describeExpected(expected[missing]!)}, but ${each} matched another expected call`
    }
    return noMatch(expected[missing]!, unpaired, '')
  }
  if (!forbid) return undefined
  const extra = made.find((_, index) => !pairs.includes(index))
  return extra === undefined ? undefined : `step ${extra.step}: called ${describeCall(extra.call)}, which no expected call matches`
}

/**
 * Whether the trajectory made the expected calls: in order or in any order, with or without other calls. In any
 * order, the calls are paired one to one, so that two expected calls need two calls.
 */
export function matchToolCalls(
  trajectory: Trajectory,
  expected: readonly ExpectedCall[],
  options: ToCallToolsOptions = {},
): TrajectoryMatch {
  const made = madeCalls(trajectory)
  const forbid = options.extra === 'forbid'
  const why =
    options.order === 'any' ? anyOrder(expected, made, forbid) : forbid ? strictExact(expected, made) : strictInOrder(expected, made)
  const count = `${made.length} call${made.length === 1 ? '' : 's'}`
  return outcome(why === undefined, why ?? `the ${count} made hold the ${expected.length} expected`, expected, made)
}
