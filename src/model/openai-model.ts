import OpenAI from 'openai'
import { ConfigError, ModelError } from '../errors.ts'
import type { ChatMessage } from '../schema/index.ts'
import type { GenerateOptions, Model, ModelOutput } from './model.ts'

/** Options of `models.openai`: any OpenAI-compatible chat completions endpoint. */
export interface OpenAIModelOptions {
  /** The model name the endpoint knows, e.g. "gpt-4o-mini" or "llama3.1:8b". */
  model: string
  /** @default process.env.OPENAI_BASE_URL, else the OpenAI API */
  baseURL?: string
  /** @default process.env.OPENAI_API_KEY; optional when `baseURL` points at a local server */
  apiKey?: string
  /** @default 0, so that reruns are comparable */
  temperature?: number
  maxTokens?: number
  /** Per-request timeout. @default 120000 */
  timeoutMs?: number
  /** Retries on 429, 5xx, connection errors and timeouts, with backoff honouring Retry-After. @default 3 */
  maxRetries?: number
  /** Other request fields the endpoint accepts (top_p, seed, stop, ...). */
  extraBody?: Record<string, unknown>
}

/** A model behind an OpenAI-compatible endpoint, called through the official SDK. */
export function createOpenAIModel(options: OpenAIModelOptions): Model {
  let client: OpenAI | undefined
  // created on first use, so that a suite running from recordings needs no key
  const getClient = (): OpenAI => {
    if (client) return client
    const baseURL = options.baseURL ?? process.env.OPENAI_BASE_URL
    const apiKey = options.apiKey ?? process.env.OPENAI_API_KEY ?? (baseURL ? 'no-key' : undefined)
    if (apiKey === undefined) {
      throw new ConfigError(
        `models.openai({ model: "${options.model}" }) needs an API key: set OPENAI_API_KEY, or OPENAI_BASE_URL for a local endpoint.`,
      )
    }
    client = new OpenAI({
      apiKey,
      baseURL,
      timeout: options.timeoutMs ?? 120_000,
      maxRetries: options.maxRetries ?? 3,
    })
    return client
  }
  return {
    name: options.model,
    async generate(messages: ChatMessage[], call: GenerateOptions = {}): Promise<ModelOutput> {
      const started = performance.now()
      let completion: OpenAI.Chat.Completions.ChatCompletion
      try {
        completion = await getClient().chat.completions.create(
          {
            ...options.extraBody,
            model: options.model,
            messages,
            temperature: options.temperature ?? 0,
            ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
          },
          { signal: call.signal },
        )
      } catch (error) {
        throw toModelError(options.model, error)
      }
      const latencyMs = performance.now() - started
      const text = completion.choices[0]?.message.content ?? ''
      const usage = completion.usage
        ? { inputTokens: completion.usage.prompt_tokens, outputTokens: completion.usage.completion_tokens }
        : undefined
      return { text, latencyMs, ...(usage ? { usage } : {}) }
    },
  }
}

function toModelError(model: string, error: unknown): Error {
  if (error instanceof ConfigError) return error
  if (error instanceof OpenAI.APIError) {
    const status = error.status === undefined ? '' : ` (HTTP ${error.status})`
    return new ModelError(`Model "${model}" failed after retries${status}: ${error.message}`, { cause: error })
  }
  return new ModelError(`Model "${model}" failed: ${(error as Error).message}`, { cause: error })
}
