import OpenAI from 'openai'
import { ConfigError, ModelError } from '../errors.ts'
import type { Usage } from '../schema/index.ts'
import type { ChoiceMethod } from './model.ts'
import { requestChat, type ChatReply, type ChatRequest } from './openai-chat.ts'
import { requestChoiceScores, type ChoiceRequest, type ScoredChoices } from './openai-choices.ts'
import { redactSecrets } from './redact.ts'
import type { RequestGate } from './request-gate.ts'
import { withRetries } from './retry.ts'

/** Where and how an OpenAI-compatible endpoint is called. */
export interface Endpoint {
  model: string
  baseURL: string | undefined
  apiKey: string | undefined
  timeoutMs: number
  maxRetries: number
  gate: RequestGate
}

/** Calls to one endpoint, each attempt through its gate, failures as redacted `ModelError`s. */
export interface OpenAIConnection {
  chat(request: ChatRequest, tokens: number, signal: AbortSignal | undefined): Promise<ChatReply>
  scoreChoices(method: ChoiceMethod, request: ChoiceRequest, tokens: number, signal: AbortSignal | undefined): Promise<ScoredChoices>
}

const tokensOf = (usage: Usage | undefined): number | undefined => (usage ? usage.inputTokens + usage.outputTokens : undefined)

// The SDK's error (and its cause) can quote request URLs or an endpoint's echo of the auth header, so only a
// redacted message survives: no cause is attached.
function toModelError(model: string, error: unknown, apiKey: string | undefined): Error {
  if (error instanceof ConfigError) return error
  const message = redactSecrets(error instanceof Error ? error.message : String(error), [apiKey])
  if (error instanceof ModelError) return new ModelError(message)
  if (error instanceof OpenAI.APIError) {
    const status = error.status === undefined ? '' : ` (HTTP ${error.status})`
    return new ModelError(`Model "${model}" failed after retries${status}: ${message}`)
  }
  return new ModelError(`Model "${model}" failed: ${message}`)
}

/**
 * Opens the SDK client. Retries are ours, not the SDK's: each attempt must pass the gate, so that retries count
 * against the rate limits and every 429 reaches the concurrency limit.
 */
export function connect(endpoint: Endpoint): OpenAIConnection {
  // local endpoints (vLLM, Ollama) take no key, but the SDK insists on one
  const client = new OpenAI({ apiKey: endpoint.apiKey ?? 'no-key', baseURL: endpoint.baseURL, timeout: endpoint.timeoutMs, maxRetries: 0 })
  const send = async <T extends { usage?: Usage }>(tokens: number, signal: AbortSignal | undefined, request: () => Promise<T>): Promise<T> => {
    try {
      return await withRetries(
        async () => {
          const admission = await endpoint.gate.admit(tokens, signal)
          try {
            const reply = await request()
            admission.release({ tokensUsed: tokensOf(reply.usage) })
            return reply
          } catch (error) {
            admission.release({ rateLimited: error instanceof OpenAI.APIError && error.status === 429, tokensUsed: 0 })
            throw error
          }
        },
        endpoint.maxRetries,
        signal,
      )
    } catch (error) {
      throw toModelError(endpoint.model, error, endpoint.apiKey)
    }
  }
  return {
    chat: (request, tokens, signal) => send(tokens, signal, () => requestChat(client, request, signal)),
    scoreChoices: (method, request, tokens, signal) => send(tokens, signal, () => requestChoiceScores(client, method, request, signal)),
  }
}
