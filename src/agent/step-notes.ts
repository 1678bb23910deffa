import type { Trajectory, TrajectoryStep } from '../schema/index.ts'

const EXCERPT_CHARS = 200

const excerpt = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS)}…` : line
}

const ms = (value: number): string => `${Math.round(value * 10) / 10} ms`

function stepNote(step: TrajectoryStep): string {
  const lines = [`model ${ms(step.latencyMs)}${step.text === '' ? '' : `: ${JSON.stringify(excerpt(step.text))}`}`]
  const results = new Map(step.toolResults.map((result) => [result.toolCallId, result]))
  for (const call of step.toolCalls) {
    const result = results.get(call.id)
    const args = call.error === undefined ? excerpt(call.rawArguments) : `${excerpt(call.rawArguments)} (${call.error})`
    const answer =
      result === undefined
        ? 'not run: the call is the answer'
        : `${result.error === undefined ? '' : 'error '}${JSON.stringify(excerpt(result.output))} (${result.replayed ? 'replayed, ' : ''}${ms(result.durationMs)})`
    lines.push(`${call.name}(${args}) → ${answer}`)
  }
  return lines.join('\n')
}

/**
 * One annotation per step of a trajectory, typed `step.<n>` (`step.<turn>.<n>` in a conversation): the model's time
 * and text, then each call (tool, arguments) with its result's start, and the tool's time.
 */
export function stepNotes(trajectory: Trajectory): [message: string, type: string][] {
  const inTurn = new Map<number, number>()
  return trajectory.steps.map((step, index) => {
    if (step.turn === undefined) return [stepNote(step), `step.${index + 1}`]
    const number = (inTurn.get(step.turn) ?? 0) + 1
    inTurn.set(step.turn, number)
    return [stepNote(step), `step.${step.turn}.${number}`]
  })
}

/** What a sample says when its loop hit the step limit: its last reply still called tools. */
export function maxStepsNote(trajectory: Trajectory): string | undefined {
  if (trajectory.ended !== 'max-steps') return undefined
  const calls = trajectory.steps.at(-1)?.toolCalls.map((call) => `"${call.name}"`) ?? []
  return `the tool loop hit maxSteps after ${trajectory.steps.length} steps; its last reply still called ${calls.join(', ')}, so the output is that reply's text. Raise maxSteps if the agent needs more steps.`
}
