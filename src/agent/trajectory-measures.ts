import type { Trajectory } from '../schema/index.ts'

/**
 * What the harness measures of a trajectory, by metric: `steps`, the model turns taken; `tool_errors`, the calls that
 * failed (arguments that are not JSON, an unknown tool, arguments its schema refused, a tool that threw or timed out).
 */
export function trajectoryMeasures(trajectory: Trajectory): { steps: number; tool_errors: number } {
  let errors = 0
  for (const step of trajectory.steps) {
    const failed = new Set(step.toolResults.filter((result) => result.error !== undefined).map((result) => result.toolCallId))
    for (const call of step.toolCalls) if (call.error !== undefined || failed.has(call.id)) errors++
  }
  return { steps: trajectory.steps.length, tool_errors: errors }
}
