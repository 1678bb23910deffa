import type { GenerateOptions, ModelOutput } from '../model/index.ts'
import type { MediaMessage, Trajectory, TrajectoryStep, Usage } from '../schema/index.ts'
import { conversationTurns } from './conversation.ts'
import { runToolLoop, type GenerateStep, type LoopResult, type LoopRun, type ToolLoop } from './tool-loop.ts'

/** A sample's output with what an agent did for it: every step, and in a conversation each turn's reply. */
export interface AgentOutput extends ModelOutput {
  trajectory: Trajectory
  /** In a conversation played turn by turn: the reply to each user turn, in order. */
  turns?: string[]
}

const addUsage = (sum: Usage | undefined, usage: Usage | undefined): Usage | undefined =>
  usage === undefined
    ? sum
    : { inputTokens: (sum?.inputTokens ?? 0) + usage.inputTokens, outputTokens: (sum?.outputTokens ?? 0) + usage.outputTokens }

/**
 * The sample's output from its trajectory: the last step's text, usage and cost summed over the steps, `latencyMs`
 * the steps' (each model call, then its slowest tool, as a step's tools run at once), and `replayed` when every reply
 * was. The latency is read from the trajectory rather than the clock so that a replay, which waits on nothing,
 * reports the recorded run's.
 */
export function agentOutput(trajectory: Trajectory, replayed: boolean, turns?: string[]): AgentOutput {
  let usage: Usage | undefined
  let costUsd: number | undefined
  let latencyMs = 0
  for (const step of trajectory.steps) {
    usage = addUsage(usage, step.usage)
    if (step.costUsd !== undefined) costUsd = (costUsd ?? 0) + step.costUsd
    let slowest = 0
    for (const result of step.toolResults) slowest = Math.max(slowest, result.durationMs)
    latencyMs += step.latencyMs + slowest
  }
  // fields set one by one rather than spread in: a replayed run makes one of these a sample
  const output: AgentOutput = { text: trajectory.steps.at(-1)?.text ?? '', latencyMs, trajectory }
  if (usage) output.usage = usage
  if (costUsd !== undefined) output.costUsd = costUsd
  if (replayed) output.replayed = true
  if (turns) output.turns = turns
  return output
}

// one turn without tools: one reply
async function replyOnce(generate: GenerateStep, messages: MediaMessage[], options: GenerateOptions): Promise<LoopResult> {
  const output = await generate(messages, options)
  const step: TrajectoryStep = {
    text: output.text,
    toolCalls: [],
    toolResults: [],
    ...(output.usage ? { usage: output.usage } : {}),
    latencyMs: output.latencyMs,
    ...(output.costUsd === undefined ? {} : { costUsd: output.costUsd }),
  }
  return {
    steps: [step],
    ended: 'reply',
    messages: [...messages, { role: 'assistant', content: output.text }],
    replayed: output.replayed === true,
  }
}

/**
 * Runs a sample as an agent: the tool loop over its messages (when the benchmark has tools), and a conversation of
 * several user turns played turn by turn, each turn's reply generated in order and kept in the messages that follow.
 */
export async function runAgent(
  loop: ToolLoop | undefined,
  generate: GenerateStep,
  messages: MediaMessage[],
  run: LoopRun,
  options: GenerateOptions,
): Promise<AgentOutput> {
  const turns = conversationTurns(messages)
  // one user turn, nearly every sample: its loop's steps are the trajectory as they are
  if (turns === undefined) {
    const result = loop ? await runToolLoop(loop, generate, messages, run, options) : await replyOnce(generate, messages, options)
    return agentOutput({ steps: result.steps, ended: result.ended }, result.replayed)
  }
  const steps: TrajectoryStep[] = []
  const replies: string[] = []
  let conversation: MediaMessage[] = []
  let ended: Trajectory['ended'] = 'reply'
  let replayed = true
  for (const [index, turn] of turns.entries()) {
    conversation = [...conversation, ...turn]
    const result = loop
      ? await runToolLoop(loop, generate, conversation, { ...run, stepsBefore: steps.length }, options)
      : await replyOnce(generate, conversation, options)
    for (const step of result.steps) steps.push({ ...step, turn: index + 1 })
    replies.push(result.steps.at(-1)?.text ?? '')
    replayed &&= result.replayed
    ended = result.ended
    conversation = result.messages
    // a turn the step limit cut, or whose calls are the answer, ends the conversation: its next turn would answer a
    // question never replied to
    if (ended !== 'reply') break
  }
  return agentOutput({ steps, ended }, replayed, replies)
}
