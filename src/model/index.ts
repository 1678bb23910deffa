import { createOpenAIModel, type OpenAIModelOptions } from './openai-model.ts'
import { createReplayModel, type ReplayModelOptions } from './replay-model.ts'

export type { GenerateOptions, Model, ModelOutput } from './model.ts'
export type { OpenAIModelOptions } from './openai-model.ts'
export type { ReplayModelOptions } from './replay-model.ts'
export { redactSecrets } from './redact.ts'

/** Models to evaluate: an OpenAI-compatible endpoint, or replies recorded in a file. */
export const models = {
  /**
   * Any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, llama.cpp server); honours OPENAI_API_KEY and
   * OPENAI_BASE_URL.
   * @example models.openai({ model: 'gpt-4o-mini' })
   */
  openai: (options: OpenAIModelOptions) => createOpenAIModel(options),
  /** Replies recorded in a JSONL file, for offline and CI runs. */
  replay: (path: string, options?: ReplayModelOptions) => createReplayModel(path, options),
}
