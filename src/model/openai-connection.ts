import type OpenAI from 'openai'
import { ConfigError, errorMessage, ModelError } from '../errors.ts'
import type { Usage } from '../schema/index.ts'
import { redactSecrets } from '../store/index.ts'
import { MAX_TIMER_MS, secondsText } from './durations.ts'
import { EndpointFault } from './endpoint-fault.ts'
import { EndpointStatusError } from './endpoint-status-error.ts'
import { AttemptState } from './attempt-state.ts'
import { attemptFetchOptions, createGuardedFetch } from './guarded-fetch.ts'
import type { ChoiceMethod } from './model.ts'
import { requestChat, type ChatReply, type ChatRequest } from './openai-chat.ts'
import { requestChoiceScores, type ChoiceRequest, type ScoredChoices } from './openai-choices.ts'
import { jsonEndpoint, jsonHeaders } from './post-json.ts'
import { excerpt } from './reply-excerpt.ts'
import type { RequestGate, TokenEstimate } from './request-gate.ts'
import { withGatedRetries } from './gated-retries.ts'
import { RetryWaitRefused } from './retry.ts'
import { fromSdkError } from './sdk-errors.ts'
import { statusErrorText } from './status-error-text.ts'

/** Where and how an OpenAI-compatible endpoint is called. */
export interface Endpoint {
  model: string
  /** The endpoint's address, already checked for credentials. */
  baseURL: string
  apiKey: string | undefined
  timeoutMs: number
  maxRetries: number
  maxRetryTimeMs: number
  maxRetryAfterMs: number
  maxReplyBytes: number
  gate: RequestGate
}

/** Calls to one endpoint, each attempt through its gate, failures as redacted `ModelError`s. */
export interface OpenAIConnection {
  chat(request: ChatRequest, tokens: TokenEstimate, signal: AbortSignal | undefined): Promise<ChatReply>
  scoreChoices(method: ChoiceMethod, request: ChoiceRequest, tokens: TokenEstimate, signal: AbortSignal | undefined): Promise<ScoredChoices>
}

const tokensOf = (usage: Usage | undefined): TokenEstimate | undefined =>
  usage ? { input: usage.inputTokens, output: usage.outputTokens } : undefined

// The SDK's error (and its cause) can quote request URLs or an endpoint's echo of the auth header, so only a
// redacted message survives: no cause is attached. "after N attempts" only when there were retries.
function toModelError(endpoint: Endpoint, host: string, error: unknown, attempts: number): Error {
  if (error instanceof ConfigError) return error
  const failed = `Model "${endpoint.model}" failed${attempts > 1 ? ` after ${attempts} attempts` : ''}`
  let text: string
  if (error instanceof ModelError) text = error.message
  else if (error instanceof EndpointFault) text = `${failed}: ${error.message}`
  else if (error instanceof RetryWaitRefused) {
    const status = error.error instanceof EndpointStatusError ? error.error.status : undefined
    text =
      `${failed} (HTTP ${status} from ${host}): the endpoint asked to wait ${secondsText(error.waitMs)} before a retry, ` +
      `longer than maxRetryAfterMs (${secondsText(endpoint.maxRetryAfterMs)}); raise maxRetryAfterMs to wait that long, or try again later`
  } else if (error instanceof EndpointStatusError) text = `${failed} (HTTP ${error.status} from ${host}): ${statusErrorText(error)}`
  else text = `${failed}: ${errorMessage(error)}`
  return new ModelError(redactSecrets(text, [endpoint.apiKey]))
}

// what an attempt failed of, in words that say what happened: the guarded fetch's own finding first, then the SDK's
// error (when the SDK made the request) in evalsuite's terms
function attemptFailure(error: unknown, state: AttemptState, host: string, sdk: typeof OpenAI | undefined): unknown {
  if (state.fault) return state.fault
  if (!(error instanceof SyntaxError)) return sdk ? fromSdkError(sdk, error) : error
  const seen = state.text === undefined ? 'a streamed event' : `"${excerpt(state.text)}"`
  return new EndpointFault(`${host} answered with invalid JSON (${error.message}): ${seen}`, false)
}

/**
 * Opens the connection: a chat reply that is not streamed is posted by evalsuite itself (see `jsonEndpoint`); the SDK's
 * client, opened on the first stream or choice-scoring request, sends those, through the guarded fetch (see
 * `createGuardedFetch`), which bounds them as `jsonEndpoint` bounds its own; the SDK's own timer, which stops at the
 * headers, is set past the guard's, which runs to the last byte. Retries are ours, not the SDK's: each attempt must
 * pass the gate, so that retries count against the rate limits and every 429 reaches the concurrency limit.
 */
export function connect(endpoint: Endpoint): OpenAIConnection {
  const host = new URL(endpoint.baseURL).host
  // local endpoints (vLLM, Ollama) take no key, but the SDK insists on one
  const apiKey = endpoint.apiKey ?? 'no-key'
  const guardedFetch = createGuardedFetch({ timeoutMs: endpoint.timeoutMs, maxBytes: endpoint.maxReplyBytes, baseURL: endpoint.baseURL })
  const chatEndpoint = jsonEndpoint({
    baseURL: endpoint.baseURL,
    path: 'chat/completions',
    headers: jsonHeaders(apiKey),
    timeoutMs: endpoint.timeoutMs,
  })
  let sdk: typeof OpenAI | undefined
  let opened: Promise<OpenAI> | undefined
  const client = (): Promise<OpenAI> =>
    (opened ??= import('openai').then(({ default: OpenAI }) => {
      sdk = OpenAI
      return new OpenAI({
        apiKey,
        baseURL: endpoint.baseURL,
        timeout: Math.min(endpoint.timeoutMs + 1_000, MAX_TIMER_MS),
        maxRetries: 0,
        fetch: guardedFetch,
        // failures are reported once, as the sample's error; the SDK would also print bad stream events to the console
        logLevel: 'off',
      })
    }))
  const policy = { maxRetries: endpoint.maxRetries, maxRetryTimeMs: endpoint.maxRetryTimeMs, maxRetryAfterMs: endpoint.maxRetryAfterMs }
  const send = async <T extends { usage?: Usage }>(
    tokens: TokenEstimate,
    signal: AbortSignal | undefined,
    maxBytes: number,
    request: (options: OpenAI.RequestOptions, state: AttemptState) => Promise<T>,
  ): Promise<T> => {
    return withGatedRetries(
      endpoint.gate,
      tokens,
      { ...policy, signal },
      async (admission) => {
        const state = new AttemptState(maxBytes)
        try {
          const reply = await request({ signal, fetchOptions: attemptFetchOptions(state) }, state)
          admission.release({ tokensUsed: tokensOf(reply.usage), headers: state.headers })
          return reply
        } catch (error) {
          const failure = attemptFailure(error, state, host, sdk)
          admission.release({
            rateLimited: failure instanceof EndpointStatusError && failure.status === 429,
            tokensUsed: 0,
            headers: state.headers,
          })
          throw failure
        }
      },
      (error, attempts) => toModelError(endpoint, host, error, attempts),
    )
  }
  return {
    chat: (request, tokens, signal) =>
      send(tokens, signal, endpoint.maxReplyBytes, (options, state) => requestChat(client, chatEndpoint, request, options, state)),
    // "ppl" echoes every choice's whole text with a log-probability per token, so each choice gets the limit
    scoreChoices: (method, request, tokens, signal) =>
      send(tokens, signal, endpoint.maxReplyBytes * (method === 'ppl' ? Math.max(1, request.choices.length) : 1), async (options) =>
        requestChoiceScores(await client(), method, request, options),
      ),
  }
}
