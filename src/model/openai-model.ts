import OpenAI from 'openai'
import { ConfigError, ModelError } from '../errors.ts'
import type { ChatMessage } from '../schema/index.ts'
import type { GenerateOptions, Model, ModelOutput } from './model.ts'
import { redactSecrets } from './redact.ts'

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
  const baseURL = options.baseURL ?? process.env.OPENAI_BASE_URL
  const apiKey = options.apiKey ?? process.env.OPENAI_API_KEY
  if (baseURL !== undefined && URL.canParse(baseURL) && (new URL(baseURL).username || new URL(baseURL).password)) {
    throw new ConfigError(`models.openai({ model: "${options.model}" }): put the credentials in apiKey, not in the base URL.`)
  }
  // created on first use, so that a suite running from recordings needs no key
  const getClient = (): OpenAI => {
    if (client) return client
    if (apiKey === undefined && baseURL === undefined) {
      throw new ConfigError(
        `models.openai({ model: "${options.model}" }) needs an API key: set OPENAI_API_KEY, or OPENAI_BASE_URL for a local endpoint.`,
      )
    }
    client = new OpenAI({
      // local endpoints (vLLM, Ollama) take no key, but the SDK insists on one
      apiKey: apiKey ?? 'no-key',
      baseURL,
      timeout: options.timeoutMs ?? 120_000,
      maxRetries: options.maxRetries ?? 3,
    })
    return client
  }
  const params = {
    temperature: options.temperature ?? 0,
    ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
    ...options.extraBody,
  }
  return {
    name: options.model,
    identity: { provider: 'openai-compatible', model: options.model, params },
    hasCredentials: apiKey !== undefined || baseURL !== undefined,
    async generate(messages: ChatMessage[], call: GenerateOptions = {}): Promise<ModelOutput> {
      const started = performance.now()
      let completion: OpenAI.Chat.Completions.ChatCompletion
      try {
        completion = await getClient().chat.completions.create(
          { ...params, model: options.model, messages },
          { signal: call.signal },
        )
      } catch (error) {
        throw toModelError(options.model, error, apiKey)
      }
      const latencyMs = performance.now() - started
      const choice = completion.choices[0]
      const text = choice?.message.content
      // a reply with no text (an empty choice list, a refusal, a filtered answer) is an error, not a wrong answer
      if (typeof text !== 'string') {
        const why = choice === undefined ? 'no choices' : `no text content (finish_reason "${choice.finish_reason}")`
        throw new ModelError(`Model "${options.model}" returned ${why}.`)
      }
      const usage = completion.usage
        ? { inputTokens: completion.usage.prompt_tokens, outputTokens: completion.usage.completion_tokens }
        : undefined
      return { text, latencyMs, ...(usage ? { usage } : {}) }
    },
  }
}

// The SDK's error (and its cause) can quote request URLs or an endpoint's echo of the auth header, so only a
// redacted message survives: no cause is attached.
function toModelError(model: string, error: unknown, apiKey: string | undefined): Error {
  if (error instanceof ConfigError) return error
  const message = redactSecrets(error instanceof Error ? error.message : String(error), [apiKey])
  if (error instanceof OpenAI.APIError) {
    const status = error.status === undefined ? '' : ` (HTTP ${error.status})`
    return new ModelError(`Model "${model}" failed after retries${status}: ${message}`)
  }
  return new ModelError(`Model "${model}" failed: ${message}`)
}
