import { conversationTurns, createToolLoop, runAgent, type ToolLoop, type ToolRecordings } from '../agent/index.ts'
import type { Model } from '../model/index.ts'
import type { MediaMessage, Sample } from '../schema/index.ts'
import { parseTaskResult, type ResolvedBenchmark } from '../benchmark/index.ts'
import { generateFor } from './generate-for.ts'
import { inferChoice } from './choice-inference.ts'
import { type Infer, withAttempt } from './sample-run.ts'

/** Model calls one tool loop may make, unless the benchmark says otherwise. */
const MAX_STEPS = 10

/**
 * How the sample pool gets a sample's output: the benchmark's task, a choice among its options, the model's reply, or
 * an agent's run (a tool loop, a conversation played turn by turn) around the model.
 */
export function createInfer(
  resolved: ResolvedBenchmark,
  model: Model | undefined,
  messagesOf: (sample: Sample) => MediaMessage[],
  toolRecordings?: ToolRecordings,
): Infer {
  const { task, tools } = resolved.run
  const name = resolved.definition.name
  if (task) {
    return async ({ sample, attempt }, call) => {
      const started = performance.now()
      const result = parseTaskResult(name, sample, await task(sample, withAttempt(call, attempt)))
      const latencyMs = performance.now() - started
      if (typeof result === 'string') return { text: result, latencyMs }
      if ('text' in result) return { ...result, latencyMs }
      const { output, trajectory, usage } = result
      return { text: output, latencyMs, trajectory, ...(usage ? { usage } : {}) }
    }
  }
  const method = resolved.run.inferMethod ?? 'generate'
  if (method !== 'generate') {
    const prompt = { prompt: resolved.definition.prompt, system: resolved.run.system }
    return ({ sample }, call) => inferChoice(name, model!, method, sample, prompt, call)
  }
  // the attempt is passed (and keys recordings) only when samples repeat, so recordings made without repeats stay valid
  const repeated = resolved.selection.repeats > 1
  const maxSteps = resolved.run.maxSteps ?? MAX_STEPS
  const loop = tools === undefined ? undefined : createToolLoop(name, tools, maxSteps)
  const { sampleTools } = resolved.definition
  const loopFor = (sample: Sample): ToolLoop | undefined =>
    loop ?? (sampleTools ? createToolLoop(name, sampleTools(sample), maxSteps) : undefined)
  const generate = (messages: MediaMessage[], options: Parameters<typeof generateFor>[2]): ReturnType<typeof generateFor> =>
    generateFor(model!, messages, options)
  return ({ sample, attempt }, call) => {
    const messages = messagesOf(sample)
    const sampleLoop = loopFor(sample)
    // a sample of one user turn without tools is one call, as it always was
    if (sampleLoop === undefined && conversationTurns(messages) === undefined)
      return generateFor(model!, messages, repeated ? withAttempt(call, attempt) : call)
    const signal = call.signal
    const run = { sample, ...(repeated ? { attempt } : {}), signal, ...(toolRecordings ? { recordings: toolRecordings } : {}) }
    return runAgent(sampleLoop, generate, messages, run, { signal, ...(repeated ? { attempt } : {}) })
  }
}
