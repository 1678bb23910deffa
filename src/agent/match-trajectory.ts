import type { Trajectory } from '../schema/index.ts'
import { describeCall, describeExpected, madeCalls, type ExpectedCall, type MadeCall } from './expected-call.ts'
import { matchToolCalls, type TrajectoryMatch } from './match-tool-calls.ts'
import { pairCalls } from './pair-calls.ts'

/** A reference trajectory: a recorded one, or the calls of each step that calls tools, in order. */
export type TrajectoryReference = Trajectory | ReadonlyArray<readonly ExpectedCall[]>

/** How `toMatchTrajectory` compares a trajectory with its reference. */
export interface MatchTrajectoryOptions {
  /**
   * `strict`: the same calls, step by step (the calls within a step in any order); `unordered`: the same calls in any
   * steps and order; `subset`: only calls the reference holds, some may be missing; `superset`: every call the
   * reference holds, others may be made too.
   * @default 'strict'
   */
  mode?: 'strict' | 'unordered' | 'subset' | 'superset'
}

function referenceSteps(reference: TrajectoryReference): ExpectedCall[][] {
  if (!('steps' in reference)) return reference.map((step) => [...step])
  return reference.steps
    .filter((step) => step.toolCalls.length > 0)
    .map((step) =>
      step.toolCalls.map((call): ExpectedCall => (call.error === undefined ? { name: call.name, arguments: call.arguments } : call.name)),
    )
}

// steps compared one by one: the first step whose calls are not the reference step's, said as toCallTools says it
function firstStepApart(steps: readonly ExpectedCall[][], made: readonly MadeCall[]): string | undefined {
  const madeSteps = [...new Set(made.map(({ step }) => step))]
  for (let index = 0; index < Math.max(steps.length, madeSteps.length); index++) {
    const step = madeSteps[index]
    const wanted = steps[index]
    if (step === undefined) {
      const last = madeSteps.at(-1)
      return `expected a ${index === 0 ? 'first' : 'further'} step calling ${wanted!.map(describeExpected).join(', ')}, but ${last === undefined ? 'no tool was called' : `the calls ended at step ${last}`}`
    }
    const calls = made.filter((call) => call.step === step)
    if (wanted === undefined) return `step ${step}: called ${describeCall(calls[0]!.call)}, expected no more steps calling tools`
    const single = {
      steps: [{ text: '', toolCalls: calls.map(({ call }) => call), toolResults: [], latencyMs: 0 }],
      ended: 'reply' as const,
    }
    const inStep = matchToolCalls(single, wanted, { order: 'any', extra: 'forbid' })
    if (!inStep.pass) return inStep.explanation.replaceAll(/step 1\b/g, `step ${step}`)
  }
  return undefined
}

/** Whether the trajectory's calls are its reference's, as the mode says. */
export function matchTrajectory(
  trajectory: Trajectory,
  reference: TrajectoryReference,
  options: MatchTrajectoryOptions = {},
): TrajectoryMatch {
  const steps = referenceSteps(reference)
  const expected = steps.flat()
  const mode = options.mode ?? 'strict'
  if (mode === 'unordered') return matchToolCalls(trajectory, expected, { order: 'any', extra: 'forbid' })
  if (mode === 'superset') return matchToolCalls(trajectory, expected, { order: 'any', extra: 'allow' })
  const made = madeCalls(trajectory)
  const base = matchToolCalls(trajectory, expected, { order: 'any', extra: 'allow' })
  if (mode === 'subset') {
    const pairs = pairCalls(expected, made)
    const outside = made.find((_, index) => !pairs.includes(index))
    return outside === undefined
      ? { ...base, pass: true, explanation: `the ${made.length} calls made are all in the reference` }
      : {
          ...base,
          pass: false,
          explanation: `step ${outside.step}: called ${describeCall(outside.call)}, which the reference does not hold`,
        }
  }
  const apart = firstStepApart(steps, made)
  return { ...base, pass: apart === undefined, explanation: apart ?? `the ${steps.length} steps calling tools match the reference's` }
}
