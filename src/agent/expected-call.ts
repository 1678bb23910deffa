import type { Trajectory, TrajectoryToolCall } from '../schema/index.ts'
import { argumentMismatch, describeSpec, type ArgumentSpec } from './argument-spec.ts'
import { shownJson, shownText } from './json-value.ts'

/** A call a trajectory matcher expects: a tool's name (any arguments), or its name and what its arguments must be. */
export type ExpectedCall = string | { name: string; arguments?: ArgumentSpec }

/** A call the trajectory made, with the (1-based) step it was made in. */
export interface MadeCall {
  call: TrajectoryToolCall
  step: number
}

/** Every call of a trajectory, in the order made. */
export function madeCalls(trajectory: Trajectory): MadeCall[] {
  return trajectory.steps.flatMap((step, index) => step.toolCalls.map((call) => ({ call, step: index + 1 })))
}

/** The expected call's name and its arguments' spec, absent when any arguments do. */
export function expectedParts(expected: ExpectedCall): { name: string; spec?: ArgumentSpec; hasSpec: boolean } {
  if (typeof expected === 'string') return { name: expected, hasSpec: false }
  const hasSpec = 'arguments' in expected && expected.arguments !== undefined
  return { name: expected.name, spec: expected.arguments, hasSpec }
}

/** An expected call as a message names it: `` `lookup` `` or `` `lookup` with `{ id: 3 }` ``. */
export function describeExpected(expected: ExpectedCall): string {
  const { name, spec, hasSpec } = expectedParts(expected)
  return hasSpec ? `\`${name}\` with ${describeSpec(spec)}` : `\`${name}\``
}

/** A call as a message quotes it: `` `search` with `{ q: "weather" }` ``, its raw text when it is not JSON. */
export function describeCall(call: TrajectoryToolCall): string {
  const args = call.error === undefined ? shownJson(call.arguments) : shownText(call.rawArguments)
  return `\`${call.name}\` with \`${args}\``
}

/** Why the call is not the expected one (wrong tool, or the arguments' first difference), or undefined when it is. */
export function callMismatch(expected: ExpectedCall, call: TrajectoryToolCall): string | undefined {
  const { name, spec, hasSpec } = expectedParts(expected)
  if (call.name !== name) return `expected \`${name}\``
  return hasSpec ? argumentMismatch(spec, call) : undefined
}

/**
 * Where a call left the expected one, as the wrong sample's line says it: "step 2: called `search` with `{ q: "…" }`,
 * expected `lookup`".
 */
export function missLine(expected: ExpectedCall, made: MadeCall): string {
  const { name } = expectedParts(expected)
  const called = `step ${made.step}: called ${describeCall(made.call)}`
  if (made.call.name !== name) return `${called}, expected \`${name}\``
  return `${called}: ${callMismatch(expected, made.call) ?? 'as expected'}`
}
