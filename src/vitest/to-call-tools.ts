import type { MatcherState } from 'vitest'
import {
  matchToolCall,
  matchToolCalls,
  matchTrajectory,
  type ArgumentSpec,
  type ExpectedCall,
  type MatchTrajectoryOptions,
  type ToCallToolsOptions,
  type TrajectoryMatch,
  type TrajectoryReference,
} from '../agent/index.ts'
import { evalsuiteMetaOf, shownValue, TrajectorySchema, type Check, type Trajectory } from '../schema/index.ts'
import { visibleMessage } from './visible-text.ts'

interface MatcherResult {
  pass: boolean
  message: () => string
}

function toCheck(matcher: string, match: TrajectoryMatch): Check {
  return {
    matcher,
    kind: 'trajectory',
    pass: match.pass,
    target: match.expected.length === 1 ? match.expected[0]! : match.expected,
    extracted: match.made.length === 0 ? null : match.made.join('; '),
    passage: null,
    explanation: match.explanation,
    toolCalls: match.counts,
  }
}

/**
 * Runs a trajectory matcher. In a benchmark sample the outcome is recorded in the test's meta and never thrown, as
 * `toMatchAnswer` records its own; anywhere else it is an ordinary assertion.
 */
function trajectoryAssertion(
  state: MatcherState,
  matcher: string,
  received: unknown,
  match: (trajectory: Trajectory) => TrajectoryMatch,
): MatcherResult {
  const parsed = TrajectorySchema.safeParse(received)
  if (!parsed.success) {
    return {
      pass: state.isNot,
      message: () => `${matcher} expects the sample's trajectory ({ steps, ended }), received ${visibleMessage(shownValue(received))}`,
    }
  }
  const check = toCheck(matcher, match(parsed.data))
  if (state.isNot) check.pass = !check.pass
  const message = (): string => visibleMessage(`expected the trajectory ${state.isNot ? 'not ' : ''}to match: ${check.explanation}`)
  const sample = state.task ? evalsuiteMetaOf(state.task.meta) : undefined
  if (sample?.kind === 'sample') {
    sample.checks = [...(sample.checks ?? []), check]
    return { pass: !state.isNot, message }
  }
  return { pass: state.isNot ? !check.pass : check.pass, message }
}

/** `expect(trajectory).toCallTool(name, args?)`: some call of the tool, with arguments meeting `args` when given. */
export function toCallTool(this: MatcherState, received: unknown, name: string, args?: ArgumentSpec): MatcherResult {
  return trajectoryAssertion(this, 'toCallTool', received, (trajectory) => matchToolCall(trajectory, name, args))
}

/** `expect(trajectory).toCallTools(expected, { order, extra })`: the expected calls, in order or any order. */
export function toCallTools(
  this: MatcherState,
  received: unknown,
  expected: readonly ExpectedCall[],
  options?: ToCallToolsOptions,
): MatcherResult {
  return trajectoryAssertion(this, 'toCallTools', received, (trajectory) => matchToolCalls(trajectory, expected, options))
}

/** `expect(trajectory).toMatchTrajectory(reference, { mode })`: the reference's calls, as the mode compares them. */
export function toMatchTrajectory(
  this: MatcherState,
  received: unknown,
  reference: TrajectoryReference,
  options?: MatchTrajectoryOptions,
): MatcherResult {
  return trajectoryAssertion(this, 'toMatchTrajectory', received, (trajectory) => matchTrajectory(trajectory, reference, options))
}
