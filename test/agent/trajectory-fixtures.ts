import type { Trajectory, TrajectoryToolCall } from '../../src/schema/index.ts'

/** A call as a model writes it: arguments as JSON text, parsed as the model layer parses them. */
export function call(name: string, args: unknown, id = `${name}-${JSON.stringify(args)}`): TrajectoryToolCall {
  return { id, name, arguments: args, rawArguments: JSON.stringify(args) }
}

/** A trajectory whose steps made these calls, then replied. */
export function trajectoryOf(...steps: TrajectoryToolCall[][]): Trajectory {
  return {
    steps: [
      ...steps.map((toolCalls) => ({
        text: '',
        toolCalls,
        toolResults: toolCalls.map((c) => ({ toolCallId: c.id, name: c.name, output: 'ok', durationMs: 1 })),
        latencyMs: 5,
      })),
      { text: 'done', toolCalls: [], toolResults: [], latencyMs: 5 },
    ],
    ended: 'reply',
  }
}
