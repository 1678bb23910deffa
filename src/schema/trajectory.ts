import { z } from 'zod'
import { compiledAfter } from './compiled.ts'
import { cutText, KEPT_CHARS } from './cut-text.ts'
import { schemaProblems } from './schema-problems.ts'
import { UsageSchema } from './usage.ts'
import { NonNegativeSchema, PositiveIntSchema } from './field-shapes.ts'

/** A tool call as the model wrote it: arguments parsed, the raw text kept, and why it could not be parsed. */
export const TrajectoryToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The parsed arguments; undefined when `rawArguments` is not valid JSON. */
  arguments: z.unknown(),
  rawArguments: z.string(),
  /** Why the arguments could not be parsed; absent when they could. */
  error: z.string().optional(),
})

/** What a tool gave back for one call, as sent to the model in a `tool` message. */
export const ToolResultSchema = z.object({
  toolCallId: z.string(),
  name: z.string(),
  /** The text the model was sent. */
  output: z.string(),
  /** Set when the call failed: the tool threw or timed out, the tool is unknown, or the arguments failed its schema. */
  error: z.string().optional(),
  durationMs: NonNegativeSchema,
  /** True when the result came from a tool recording and the tool did not run. */
  replayed: z.boolean().optional(),
})

/** One model turn: its text and tool calls, then the results of those calls. */
export const TrajectoryStepSchema = z.object({
  text: z.string(),
  toolCalls: z.array(TrajectoryToolCallSchema),
  toolResults: z.array(ToolResultSchema),
  usage: UsageSchema.optional(),
  latencyMs: NonNegativeSchema,
  costUsd: NonNegativeSchema.optional(),
  /** In a conversation played turn by turn: the user turn (from 1) the step answers; absent in a single-turn sample. */
  turn: PositiveIntSchema.optional(),
})

/**
 * What an agent did for one sample, step by step. `ended`: "reply" when the last step called no tool; "max-steps"
 * when the step limit cut the loop; "tool-calls" when the last step called only tools that have no `execute`, so
 * the calls themselves are the answer (BFCL).
 */
export const TrajectorySchema = z.object({
  steps: z.array(TrajectoryStepSchema),
  ended: z.enum(['reply', 'max-steps', 'tool-calls']),
})

export type TrajectoryToolCall = z.infer<typeof TrajectoryToolCallSchema>
export type ToolResult = z.infer<typeof ToolResultSchema>
export type TrajectoryStep = z.infer<typeof TrajectoryStepSchema>
export type Trajectory = z.infer<typeof TrajectorySchema>

/** How many characters of a tool's result a report keeps (a step's text and a call's arguments keep `KEPT_CHARS`). */
export const KEPT_TOOL_RESULT_CHARS = 1000

/**
 * The trajectory as a report keeps it: every step, each text and each call's arguments text cut as `cutText` cuts
 * (2,000 characters), each tool result's output cut to 1,000; parsed arguments whose text was cut are left out
 * (undefined).
 */
export function cutTrajectory(trajectory: Trajectory): Trajectory {
  return {
    // a step within the lengths, as nearly every one is, is kept as it is rather than copied: a replayed sample's
    // record is written from it at once
    steps: trajectory.steps.map((step) => (fits(step) ? step : cutStep(step))),
    ended: trajectory.ended,
  }
}

const fits = (step: TrajectoryStep): boolean =>
  step.text.length <= KEPT_CHARS &&
  step.toolCalls.every((call) => call.rawArguments.length <= KEPT_CHARS) &&
  step.toolResults.every(
    (result) =>
      result.output.length <= KEPT_TOOL_RESULT_CHARS && (result.error === undefined || result.error.length <= KEPT_TOOL_RESULT_CHARS),
  )

function cutStep(step: TrajectoryStep): TrajectoryStep {
  return {
    ...step,
    text: cutText(step.text),
    toolCalls: step.toolCalls.map((call) => {
      if (call.rawArguments.length <= KEPT_CHARS) return call
      return { ...call, arguments: undefined, rawArguments: cutText(call.rawArguments) }
    }),
    toolResults: step.toolResults.map((result) => ({
      ...result,
      output: cutText(result.output, KEPT_TOOL_RESULT_CHARS),
      ...(result.error === undefined ? {} : { error: cutText(result.error, KEPT_TOOL_RESULT_CHARS) }),
    })),
  }
}

/**
 * The trajectory as a sample's record carries it from the worker to the main process: the JSON text of its cut form,
 * as `write` writes it (the worker masks keys in it string by string). Vitest clones each test's record at every task
 * update; one string crosses in a copy of its bytes, where the tree of steps, calls and results (some thirty objects
 * for three steps) cost about 0.07 ms a sample, in the worker and again in the main process. The report holds the
 * tree, read back by `parseTrajectoryText`.
 */
export function trajectoryText(trajectory: Trajectory, write: (value: Trajectory) => string = JSON.stringify): string {
  return write(cutTrajectory(trajectory))
}

// the report reads every agent sample's trajectory once, at the end of the run
const trajectoryParser = compiledAfter(TrajectorySchema)

/** A sample record's trajectory text read back, or what is wrong with it (it crossed a process boundary). */
export function parseTrajectoryText(text: string): { trajectory: Trajectory } | { problem: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { problem: `not JSON (${(error as Error).message})` }
  }
  const parsed = trajectoryParser.safeParse(value)
  return parsed.success ? { trajectory: parsed.data } : { problem: schemaProblems(parsed.error) }
}
