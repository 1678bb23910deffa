import { createAiSdkModel, type AiSdkLanguageModel, type AiSdkModelOptions } from './ai-sdk-model.ts'
import type { Model } from './model.ts'
import { createOpenAIModel, type OpenAIModelOptions } from './openai-model.ts'

export type { AiSdkLanguageModel, AiSdkModelOptions } from './ai-sdk-model.ts'
export { baseURLProblem } from './base-url.ts'
export type { ChoiceMethod, ChoiceScores, GenerateOptions, Model, ModelIdentity, ModelOutput } from './model.ts'
export { costOf, estimateTokens, type Price } from './cost.ts'
export { createRecordedModel, recordingKey } from './recorded-model.ts'
export { loadRecordingStore, type RecordingStore } from './recording-store.ts'
export type { OpenAIModelOptions } from './openai-model.ts'
export { INVALID_ARGUMENTS, toolOffer, type Tool, type ToolCall, type ToolOptions } from './tools.ts'
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
  /**
   * Any AI SDK language model (`@ai-sdk/anthropic`, `@ai-sdk/google`, `@ai-sdk/amazon-bedrock`, an Ollama provider,
   * ...), called through the `ai` package (an optional peer dependency, major 6 or 7); the provider reads its own key
   * (ANTHROPIC_API_KEY, ...). The AI SDK's retries are off: evalsuite's retries, rate limits and budget apply.
   * @example models.aiSdk(anthropic('claude-sonnet-4-5'), { maxTokens: 1024 })
   */
  aiSdk: (languageModel: AiSdkLanguageModel, options?: AiSdkModelOptions): Model => createAiSdkModel(languageModel, options),
}
