import { ConfigError, errorMessage } from '../errors.ts'
import { toolOffer, type GenerateOptions, type ModelOutput, type Tool, type ToolCall } from '../model/index.ts'
import type { MediaMessage, MessageToolCall, Sample, Trajectory, TrajectoryStep } from '../schema/index.ts'
import type { AgentTools } from './agent-tool.ts'
import { callTool, type CallPlace } from './call-tool.ts'
import type { ToolRecordings } from './tool-recordings.ts'

/** One model call of the loop: the sample's own (recorded, budgeted) model. */
export type GenerateStep = (messages: MediaMessage[], options: GenerateOptions) => Promise<ModelOutput>

/** A benchmark's tool loop, made once: its tools, as offered to the model, and its step limit. */
export interface ToolLoop {
  readonly tools: AgentTools
  /** The tools as the model is offered them, parameters already JSON Schema. */
  readonly offered: readonly Tool[]
  readonly maxSteps: number
  /** No tool has `execute`: the first reply that calls tools ends the loop, its calls being the answer. */
  readonly callsAreAnswers: boolean
}

/** Where one run of the loop happens: its sample and attempt, the test's signal, the tool recordings. */
export interface LoopRun {
  sample: Sample
  /** Keys the tool recordings of a repeated sample; absent when the sample runs once. */
  attempt?: number
  signal: AbortSignal
  recordings?: ToolRecordings
  /** Steps already taken in the sample (earlier turns of a conversation), so that steps number on. */
  stepsBefore?: number
}

/** What one run of the loop left: its steps, why it ended, and the conversation with every message it added. */
export interface LoopResult {
  steps: TrajectoryStep[]
  ended: Trajectory['ended']
  messages: MediaMessage[]
  /** Every reply came from a recording. */
  replayed: boolean
}

/** The loop of a benchmark's `tools` and `maxSteps`; a tool's name and parameters are checked here, once. */
export function createToolLoop(benchmark: string, tools: AgentTools, maxSteps: number): ToolLoop {
  const named = Object.entries(tools).map(([name, tool]): Tool => ({
    name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    parameters: tool.parameters,
  }))
  if (named.length === 0)
    throw new ConfigError(`describeBenchmark("${benchmark}"): "tools" is empty; offer at least one tool, or leave "tools" out.`)
  // zod parameters become JSON Schema once, not at every step of every sample
  let offered: readonly Tool[]
  try {
    offered = toolOffer({ tools: named })!.definitions
  } catch (error) {
    throw new ConfigError(`describeBenchmark("${benchmark}"): ${errorMessage(error)}`, { cause: error })
  }
  return { tools, offered, maxSteps, callsAreAnswers: Object.values(tools).every((tool) => tool.execute === undefined) }
}

// the calls are the reply's own, as parsed: a trajectory holds them as they are
function stepOf(output: ModelOutput, calls: ToolCall[]): TrajectoryStep {
  return {
    text: output.text,
    toolCalls: calls,
    toolResults: [],
    ...(output.usage ? { usage: output.usage } : {}),
    latencyMs: output.latencyMs,
    ...(output.costUsd === undefined ? {} : { costUsd: output.costUsd }),
  }
}

// an endpoint may send a call without an id, and a tool message must name the call it answers
const withId = (call: ToolCall, step: number, index: number): ToolCall => (call.id === '' ? { ...call, id: `call_${step}_${index}` } : call)

/**
 * Runs the loop from `messages`: each step calls the model with the tools; the calls of a reply run at once, and their
 * results go back as tool messages, until a reply calls no tool ("reply"), calls a tool without `execute`
 * ("tool-calls"), or `maxSteps` model calls have been made ("max-steps").
 */
export async function runToolLoop(
  loop: ToolLoop,
  generate: GenerateStep,
  messages: readonly MediaMessage[],
  run: LoopRun,
  options: GenerateOptions,
): Promise<LoopResult> {
  const conversation = [...messages]
  const steps: TrajectoryStep[] = []
  const first = (run.stepsBefore ?? 0) + 1
  // the same at every step, made once: a replayed step costs little more than making them
  const stepOptions = { ...options, tools: loop.offered }
  const place: CallPlace = { sample: run.sample, signal: run.signal }
  if (run.attempt !== undefined) place.attempt = run.attempt
  if (run.recordings) place.recordings = run.recordings
  let replayed = true
  for (let step = first; step < first + loop.maxSteps; step++) {
    if (run.signal.aborted) throw run.signal.reason
    const output = await generate(conversation, stepOptions)
    replayed &&= output.replayed === true
    const made = output.toolCalls
    if (made === undefined || made.length === 0) {
      steps.push(stepOf(output, []))
      return { steps, ended: 'reply', messages: [...conversation, { role: 'assistant', content: output.text }], replayed }
    }
    // built by push, as `parsedToolCalls` builds a replayed reply's calls, so that V8 compiles this loop once
    const calls: ToolCall[] = []
    const sent: MessageToolCall[] = []
    for (let index = 0; index < made.length; index++) {
      const call = withId(made[index]!, step, index)
      calls.push(call)
      sent.push({ id: call.id, name: call.name, arguments: call.rawArguments })
    }
    const taken = stepOf(output, calls)
    steps.push(taken)
    conversation.push({ role: 'assistant', content: output.text, toolCalls: sent })
    const answers =
      loop.callsAreAnswers || calls.some((call) => Object.hasOwn(loop.tools, call.name) && loop.tools[call.name]!.execute === undefined)
    // a call to a tool without `execute` is an answer: it has no result; the other calls of its reply still run
    const runnable = answers
      ? calls.filter((call) => !Object.hasOwn(loop.tools, call.name) || loop.tools[call.name]!.execute !== undefined)
      : calls
    taken.toolResults = await Promise.all(runnable.map((call) => callTool(call, loop.tools, place, step)))
    for (const result of taken.toolResults) conversation.push({ role: 'tool', toolCallId: result.toolCallId, content: result.output })
    if (answers) return { steps, ended: 'tool-calls', messages: conversation, replayed }
  }
  return { steps, ended: 'max-steps', messages: conversation, replayed }
}
