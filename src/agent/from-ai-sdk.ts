import type { ToolResult, Trajectory, TrajectoryStep, TrajectoryToolCall } from '../schema/index.ts'

// The AI SDK's step as far as a trajectory reads it, written out so that evalsuite never imports `ai`: any version
// whose steps have this shape (5 and 6) fits.

/** A tool call in an AI SDK step. */
export interface AiSdkToolCall {
  toolCallId: string
  toolName: string
  input: unknown
  /** Set by the AI SDK on a call it could not parse, or to a tool that does not exist. */
  invalid?: boolean
  error?: unknown
}

/** A tool result in an AI SDK step. */
export interface AiSdkToolResult {
  toolCallId: string
  toolName: string
  output: unknown
}

/** One step of an AI SDK `generateText` or `streamText` result. */
export interface AiSdkStep {
  text: string
  toolCalls: readonly AiSdkToolCall[]
  toolResults: readonly AiSdkToolResult[]
  /** Where the AI SDK puts a tool's error (a `tool-error` part), beside text and the calls. */
  content?: readonly ({ type: string } & Partial<AiSdkToolResult & { error: unknown }>)[]
  usage?: { inputTokens: number | undefined; outputTokens: number | undefined }
}

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error))
const outputText = (output: unknown): string => (typeof output === 'string' ? output : (JSON.stringify(output) ?? ''))

function callOf(call: AiSdkToolCall): TrajectoryToolCall {
  // an unparsable call keeps the text the model wrote as its input
  if (call.invalid && typeof call.input === 'string')
    return { id: call.toolCallId, name: call.toolName, arguments: undefined, rawArguments: call.input, error: errorText(call.error) }
  const raw = JSON.stringify(call.input) ?? ''
  return {
    id: call.toolCallId,
    name: call.toolName,
    arguments: call.input,
    rawArguments: raw,
    ...(call.invalid ? { error: errorText(call.error) } : {}),
  }
}

function stepOf(step: AiSdkStep): TrajectoryStep {
  const results: ToolResult[] = step.toolResults.map((result) => ({
    toolCallId: result.toolCallId,
    name: result.toolName,
    output: outputText(result.output),
    durationMs: 0,
  }))
  for (const part of step.content ?? []) {
    if (part.type !== 'tool-error' || part.toolCallId === undefined) continue
    const error = errorText(part.error)
    results.push({ toolCallId: part.toolCallId, name: part.toolName ?? '', output: `Error: ${error}`, error, durationMs: 0 })
  }
  const usage = step.usage
  const counted = usage !== undefined && (usage.inputTokens !== undefined || usage.outputTokens !== undefined)
  return {
    text: step.text,
    toolCalls: step.toolCalls.map(callOf),
    toolResults: results,
    ...(counted ? { usage: { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 } } : {}),
    // the AI SDK does not time its steps: the sample's latency is the task's
    latencyMs: 0,
  }
}

function trajectoryOf(steps: readonly AiSdkStep[]): Trajectory {
  const taken = steps.map(stepOf)
  const last = taken.at(-1)
  if (last === undefined || last.toolCalls.length === 0) return { steps: taken, ended: 'reply' }
  // calls left without a result were not run (tools without execute): they are the answer; all run means the step limit cut the loop
  const answered = new Set(last.toolResults.map((result) => result.toolCallId))
  return { steps: taken, ended: last.toolCalls.every((call) => answered.has(call.id)) ? 'max-steps' : 'tool-calls' }
}

/**
 * The trajectory of an AI SDK `generateText` result (or, awaited, a `streamText` result): each step's text, tool
 * calls, tool results and errors, and usage. For a task that runs its own agent:
 * @example
 * task: async (sample) => {
 *   const result = await generateText({ model, tools, stopWhen: stepCountIs(5), prompt: sample.input })
 *   return { output: result.text, trajectory: fromAiSdk(result) }
 * }
 */
export function fromAiSdk(result: { readonly steps: readonly AiSdkStep[] }): Trajectory
export function fromAiSdk(result: { readonly steps: PromiseLike<readonly AiSdkStep[]> }): Promise<Trajectory>
export function fromAiSdk(result: {
  readonly steps: readonly AiSdkStep[] | PromiseLike<readonly AiSdkStep[]>
}): Trajectory | Promise<Trajectory> {
  const { steps } = result
  if (Array.isArray(steps)) return trajectoryOf(steps)
  return Promise.resolve(steps as PromiseLike<readonly AiSdkStep[]>).then(trajectoryOf)
}
