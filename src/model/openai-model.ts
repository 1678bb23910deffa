import { getEnvironmentData } from 'node:worker_threads'
import { z } from 'zod'
import { ConfigError, ModelError } from '../errors.ts'
import {
  imagePartsOf,
  RATE_LIMITS_KEY,
  PARSED_ONCE,
  CountSchema,
  NonNegativeSchema,
  PositiveIntSchema,
  PositiveSchema,
  type ChatMessage,
  type MediaMessage,
  type Usage,
} from '../schema/index.ts'
import { redactKeys, registerKey } from '../store/index.ts'
import { baseURLProblem } from './base-url.ts'
import { costOf, estimateTokens, knownPrice, type Price } from './cost.ts'
import { MAX_TIMER_MS } from './durations.ts'
import type { ChoiceMethod, ChoiceScores, GenerateOptions, Model, ModelOutput } from './model.ts'
import { connect, type OpenAIConnection } from './openai-connection.ts'
import { promptLength } from './prompt-text.ts'
import { createRequestGate } from './request-gate.ts'
import { RETRY_DEFAULTS } from './retry-defaults.ts'
import { checkToolMessages, parsedToolCall, toolOffer } from './tools.ts'

/** Options of `models.openai`: any OpenAI-compatible chat completions endpoint. */
export interface OpenAIModelOptions {
  /** The model name the endpoint knows, e.g. "gpt-4o-mini" or "llama3.1:8b". */
  model: string
  /**
   * The endpoint's address, e.g. "http://localhost:8000/v1"; refused when it carries a user name, password or query
   * string. @default process.env.OPENAI_BASE_URL, else the OpenAI API
   */
  baseURL?: string
  /** @default process.env.OPENAI_API_KEY; optional when `baseURL` points at a local server. An empty key is no key. */
  apiKey?: string
  /**
   * @default 0, so that reruns are comparable; left out for OpenAI's reasoning models (o1, o3, o4-mini, gpt-5, ...),
   * which refuse any temperature but their own
   */
  temperature?: number
  /** The reply's token limit; sent as `max_completion_tokens` to the reasoning models, which refuse `max_tokens`. */
  maxTokens?: number
  /**
   * The time one attempt may take, from sending the request to the last byte of the reply, a streamed reply
   * included. An attempt that runs out of time is not retried. @default 120000
   */
  timeoutMs?: number
  /**
   * Retries on 429, 5xx, 408, 409 and lost connections: exponential backoff from 0.5 s to 8 s with jitter, or the
   * wait the endpoint asks for in `Retry-After` / `retry-after-ms`. @default 10
   */
  maxRetries?: number
  /**
   * The longest a call goes on retrying, from its first failed attempt: no retry starts later, so that a dead endpoint
   * fails each call within this time, whatever `maxRetries` allows. @default 60000
   */
  maxRetryTimeMs?: number
  /** The longest wait before a retry that an endpoint may ask for; a longer one fails the call at once. @default 60000 */
  maxRetryAfterMs?: number
  /** The largest reply body accepted, in bytes; a larger reply fails its call and is never recorded. @default 1000000 */
  maxReplyBytes?: number
  /** Other request fields the endpoint accepts (top_p, seed, stop, ...). */
  extraBody?: Record<string, unknown>
  /** Streams each reply, which measures its time to first token (`ttftMs`). @default false */
  stream?: boolean
  /** Requests per minute sent to this model, retries included (per Vitest worker). */
  rpm?: number
  /** Tokens per minute, input and output, sent to this model (per Vitest worker); estimated before a call, corrected by its usage. */
  tpm?: number
  /** US dollars per million tokens, for the report's cost and `maxCost`. @default the built-in price of OpenAI models, by name */
  price?: Price
}

/** The options of `models.openai` that bound its calls, checked before any call. */
export const LimitsSchema = z.object({
  rpm: PositiveSchema.optional(),
  tpm: PositiveSchema.optional(),
  price: z.object({ input: NonNegativeSchema, output: NonNegativeSchema }).strict().optional(),
  maxRetries: CountSchema.optional(),
  maxRetryTimeMs: NonNegativeSchema.optional(),
  timeoutMs: PositiveSchema.max(MAX_TIMER_MS).optional(),
  maxRetryAfterMs: NonNegativeSchema.max(MAX_TIMER_MS).optional(),
  maxReplyBytes: PositiveIntSchema.optional(),
})

/** Checks the options, and the base URL from wherever it comes; returns the base URL to use, if any. */
function validate(options: OpenAIModelOptions): string | undefined {
  const where = `models.openai({ model: "${options.model}" })`
  const parsed = LimitsSchema.safeParse(options, PARSED_ONCE)
  if (!parsed.success) {
    throw new ConfigError(
      `${where}: ${parsed.error.issues.map((issue) => `option "${issue.path.join('.')}" ${issue.message}`).join('; ')}.`,
    )
  }
  // an empty variable is an unset one, as the SDK takes it
  const [setting, baseURL] =
    options.baseURL === undefined ? ['OPENAI_BASE_URL', process.env.OPENAI_BASE_URL || undefined] : ['baseURL', options.baseURL]
  const problem = baseURL === undefined ? undefined : baseURLProblem(baseURL)
  if (problem !== undefined) throw new ConfigError(`${where}: ${setting} ${problem}.`)
  return baseURL
}

function withCost<T extends { usage?: Usage }>(price: Price | undefined, reply: T): T & { costUsd?: number } {
  const costUsd = costOf(price, reply.usage)
  return costUsd === undefined ? reply : { ...reply, costUsd }
}

// OpenAI's reasoning models take neither a temperature of 0 nor `max_tokens`
const REASONING_MODEL = /^(o\d|gpt-5)/

/** A model behind an OpenAI-compatible endpoint, called as the official SDK calls it, under its rate limits. */
export function createOpenAIModel(options: OpenAIModelOptions): Model {
  const baseURL = validate(options)
  // an empty key is no key: GitHub Actions sets an empty variable for a secret that is not there
  const apiKey = (options.apiKey ?? process.env.OPENAI_API_KEY) || undefined
  registerKey(apiKey)
  const memory = getEnvironmentData(RATE_LIMITS_KEY)
  const shared =
    memory instanceof SharedArrayBuffer ? { memory, name: `${baseURL ?? 'https://api.openai.com/v1'} ${options.model}` } : undefined
  const gate = createRequestGate({
    rpm: options.rpm,
    tpm: options.tpm,
    maxWaitMs: options.maxRetryAfterMs ?? RETRY_DEFAULTS.maxRetryAfterMs,
    ...(shared ? { shared } : {}),
  })
  // the connection is opened on the first call, so that a suite replaying recordings needs no key. Its code loads with
  // evalsuite's: loaded on the first call instead, it took 9 to 15 ms between the samples' start and their first request
  let open: OpenAIConnection | undefined
  const opened = (): OpenAIConnection => {
    if (apiKey === undefined && baseURL === undefined) {
      throw new ConfigError(
        `models.openai({ model: "${options.model}" }) needs an API key: set OPENAI_API_KEY, or OPENAI_BASE_URL for a local endpoint.`,
      )
    }
    const endpoint = {
      model: options.model,
      baseURL: baseURL ?? 'https://api.openai.com/v1',
      apiKey,
      timeoutMs: options.timeoutMs ?? 120_000,
      maxRetries: options.maxRetries ?? RETRY_DEFAULTS.maxRetries,
      maxRetryTimeMs: options.maxRetryTimeMs ?? RETRY_DEFAULTS.maxRetryTimeMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? RETRY_DEFAULTS.maxRetryAfterMs,
      maxReplyBytes: options.maxReplyBytes ?? 1_000_000,
      gate,
    }
    return connect(endpoint)
  }
  const connected = (): OpenAIConnection => (open ??= opened())
  const price = options.price ?? knownPrice(options.model)
  const reasoning = REASONING_MODEL.test(options.model)
  const temperature = options.temperature ?? (reasoning ? undefined : 0)
  const params = {
    ...(temperature === undefined ? {} : { temperature }),
    ...(options.maxTokens === undefined ? {} : { [reasoning ? 'max_completion_tokens' : 'max_tokens']: options.maxTokens }),
    ...options.extraBody,
  }

  const generate = async (messages: MediaMessage[], call: GenerateOptions = {}): Promise<ModelOutput> => {
    const openai = connected()
    const started = performance.now()
    const tokens = { input: estimateTokens(promptLength(messages)), output: options.maxTokens ?? 0 }
    const tools = toolOffer(call)
    checkToolMessages(messages)
    const request = { model: options.model, messages, params, stream: options.stream ?? false, ...(tools ? { tools } : {}) }
    const reply = await openai.chat(request, tokens, call.signal)
    // an endpoint may echo what it received, the key included: nothing downstream (recordings, reports) sees it.
    // The output is built as one object, its fields in the order they always had; latencyMs is set below
    const output = { text: redactKeys(reply.text) } as ModelOutput
    if (reply.usage) output.usage = reply.usage
    if (reply.ttftMs !== undefined) output.ttftMs = reply.ttftMs
    if (reply.toolCalls)
      output.toolCalls = reply.toolCalls.map((made) => parsedToolCall({ ...made, arguments: redactKeys(made.arguments) }))
    output.latencyMs = performance.now() - started
    const costUsd = costOf(price, reply.usage)
    if (costUsd !== undefined) output.costUsd = costUsd
    return output
  }

  return {
    name: options.model,
    identity: { provider: 'openai-compatible', model: options.model, params },
    ...(price ? { price } : {}),
    hasCredentials: apiKey !== undefined || baseURL !== undefined,
    generate,
    async generateWithImages(messages: MediaMessage[], call: GenerateOptions = {}): Promise<ModelOutput> {
      try {
        return await generate(messages, call)
      } catch (error) {
        throw refusedImages(error, options.model, imagePartsOf(messages).length)
      }
    },
    async scoreChoices(
      messages: ChatMessage[],
      choices: readonly string[],
      method: ChoiceMethod,
      call: GenerateOptions = {},
    ): Promise<ChoiceScores> {
      const openai = connected()
      const started = performance.now()
      const context = promptLength(messages)
      const tokens =
        method === 'ppl'
          ? choices.reduce((sum, choice) => sum + estimateTokens(context + choice.length) + 1, 0)
          : estimateTokens(context) + 1
      const reply = await openai.scoreChoices(method, { model: options.model, messages, choices, params }, tokens, call.signal)
      return withCost(price, { ...reply, latencyMs: performance.now() - started })
    },
  }
}

// an endpoint that takes no images answers a request holding them with a client error, often not naming them
function refusedImages(error: unknown, model: string, images: number): unknown {
  if (images === 0 || !(error instanceof ModelError) || !/\(HTTP (400|413|415|422) from /.test(error.message)) return error
  return new ModelError(
    `${error.message}\nThe request held ${images} image(s): if model "${model}" takes no images, use a model that does (a vision model), or leave the samples with images out (filter).`,
    { cause: error },
  )
}
