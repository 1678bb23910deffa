import type { Model } from '../model/index.ts'
import type { MediaMessage, Sample } from '../schema/index.ts'
import { parseTaskResult, type ResolvedBenchmark } from '../benchmark/index.ts'
import { generateFor } from './generate-for.ts'
import { inferChoice } from './choice-inference.ts'
import { type Infer, withAttempt } from './sample-run.ts'

/** How the sample pool gets a sample's output: the benchmark's task, a choice among its options, or the model's reply. */
export function createInfer(resolved: ResolvedBenchmark, model: Model | undefined, messagesOf: (sample: Sample) => MediaMessage[]): Infer {
  const { task } = resolved.run
  const name = resolved.definition.name
  if (task) {
    return async ({ sample, attempt }, call) => {
      const started = performance.now()
      const result = parseTaskResult(name, sample, await task(sample, withAttempt(call, attempt)))
      const latencyMs = performance.now() - started
      return typeof result === 'string' ? { text: result, latencyMs } : { ...result, latencyMs }
    }
  }
  const method = resolved.run.inferMethod ?? 'generate'
  if (method !== 'generate') {
    const prompt = { prompt: resolved.definition.prompt, system: resolved.run.system }
    return ({ sample }, call) => inferChoice(name, model!, method, sample, prompt, call)
  }
  // the attempt is passed (and keys recordings) only when samples repeat, so recordings made without repeats stay valid
  const repeated = resolved.selection.repeats > 1
  return ({ sample, attempt }, call) => generateFor(model!, messagesOf(sample), repeated ? withAttempt(call, attempt) : call)
}
