import type { Model } from './model.ts'
import { createOpenAIModel, type OpenAIModelOptions } from './openai-model.ts'

export { baseURLProblem } from './base-url.ts'
export type { ChoiceMethod, ChoiceScores, GenerateOptions, Model, ModelIdentity, ModelOutput } from './model.ts'
export { costOf, estimateTokens, type Price } from './cost.ts'
export { createRecordedModel, recordingKey } from './recorded-model.ts'
export { loadRecordingStore, type RecordingStore } from './recording-store.ts'
export type { OpenAIModelOptions } from './openai-model.ts'
export { toolOffer, type Tool, type ToolCall, type ToolOptions } from './tools.ts'
export { recordSampleCommand } from './rerun-command.ts'
export { untilAborted } from './until-aborted.ts'

/** Models to evaluate. Their calls are recorded and replayed through the plugin's `recordings` setting. */
export const models = {
  /**
   * Any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, llama.cpp server); honours OPENAI_API_KEY and
   * OPENAI_BASE_URL.
   * @example models.openai({ model: 'gpt-4o-mini' })
   */
  openai: (options: OpenAIModelOptions): Model => createOpenAIModel(options),
}
