import { getEnvironmentData } from 'node:worker_threads'
import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import {
  RATE_LIMITS_KEY,
  PARSED_ONCE,
  NonEmptyTextSchema,
  NonNegativeSchema,
  PositiveIntSchema,
  type MediaMessage,
  type Usage,
} from '../schema/index.ts'
import { redactKeys, registerKey } from '../store/index.ts'
import type { AiSdkConnection } from './ai-sdk-call.ts'
import { costOf, estimateTokens, knownPrice, type Price } from './cost.ts'
import type { GenerateOptions, Model, ModelOutput } from './model.ts'
import { LimitsSchema } from './openai-model.ts'
import { promptLength } from './prompt-text.ts'
import { createRequestGate } from './request-gate.ts'
import { RETRY_DEFAULTS } from './retry-defaults.ts'
import { checkToolMessages, parsedToolCall, toolOffer } from './tools.ts'

/**
 * An AI SDK language model, as `@ai-sdk/anthropic`, `@ai-sdk/google`, `@ai-sdk/openai`, `@ai-sdk/amazon-bedrock` or
 * an Ollama provider make it: `anthropic('claude-sonnet-4-5')`. Only what evalsuite reads of it is named here, so
 * that evalsuite's types need no `ai` installed.
 */
export interface AiSdkLanguageModel {
  readonly specificationVersion: string
  /** The provider's name, e.g. "anthropic.messages" or "google.generative-ai". */
  readonly provider: string
  readonly modelId: string
}

/** Options of `models.aiSdk`: the generation parameters that change the reply, and evalsuite's limits on its calls. */
export interface AiSdkModelOptions {
  /** The name shown in reports. @default the model's id */
  name?: string
  /** @default 0, so that reruns are comparable */
  temperature?: number
  /** The reply's token limit (the AI SDK's `maxOutputTokens`). @default the provider's */
  maxTokens?: number
  topP?: number
  topK?: number
  seed?: number
  stopSequences?: string[]
  /** Options for the provider, by provider name, as the AI SDK takes them: `{ anthropic: { thinking: { ... } } }`. */
  providerOptions?: Record<string, Record<string, unknown>>
  /** Streams each reply, which measures its time to first token (`ttftMs`). @default false */
  stream?: boolean
  /** The time one attempt may take, to the reply's end; an attempt that runs out of time is not retried. @default 120000 */
  timeoutMs?: number
  /**
   * Retries on 429, 5xx (Anthropic's 529 among them), 408, 409 and lost connections, as `models.openai` does; the
   * AI SDK's own retries are turned off, so that every attempt counts against `rpm`, `tpm` and `maxCost`. @default 10
   */
  maxRetries?: number
  /** No retry starts later than this after a call's first failure, whatever `maxRetries` allows. @default 60000 */
  maxRetryTimeMs?: number
  /** The longest wait before a retry that a provider may ask for; a longer one fails the call at once. @default 60000 */
  maxRetryAfterMs?: number
  /** Requests per minute sent to this model, retries included (per Vitest worker). */
  rpm?: number
  /** Tokens per minute, input and output, sent to this model (per Vitest worker). */
  tpm?: number
  /** US dollars per million tokens, for the report's cost and `maxCost`. @default the built-in price of OpenAI models, by name */
  price?: Price
}

const ParamsSchema = z.object({
  name: NonEmptyTextSchema.optional(),
  temperature: NonNegativeSchema.optional(),
  maxTokens: PositiveIntSchema.optional(),
  topP: NonNegativeSchema.optional(),
  topK: PositiveIntSchema.optional(),
  seed: z.number().int().optional(),
  stopSequences: z.array(z.string()).optional(),
  providerOptions: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  stream: z.boolean().optional(),
})

// the environment variables the AI SDK providers read their keys from (ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY,
// AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, ...): their values are masked wherever evalsuite writes
const KEY_VARIABLE = /(?:_API_KEY|_SECRET_ACCESS_KEY|_SESSION_TOKEN|_BEARER_TOKEN\w*)$/

function isLanguageModel(value: unknown): value is AiSdkLanguageModel {
  if (typeof value !== 'object' || value === null) return false
  const model = value as Partial<Record<keyof AiSdkLanguageModel | 'doGenerate', unknown>>
  return typeof model.provider === 'string' && typeof model.modelId === 'string' && typeof model.doGenerate === 'function'
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return `the string "${value}"`
  return value === null ? 'null' : typeof value
}

function validate(languageModel: unknown, options: AiSdkModelOptions): asserts languageModel is AiSdkLanguageModel {
  if (!isLanguageModel(languageModel)) {
    throw new ConfigError(
      `models.aiSdk(languageModel): languageModel must be an AI SDK language model such as anthropic("claude-sonnet-4-5") from @ai-sdk/anthropic, received ${describeValue(languageModel)}.`,
    )
  }
  const issues = [
    ...(ParamsSchema.safeParse(options, PARSED_ONCE).error?.issues ?? []),
    ...(LimitsSchema.safeParse(options, PARSED_ONCE).error?.issues ?? []),
  ]
  if (issues.length > 0) {
    const where = `models.aiSdk(${languageModel.provider} "${languageModel.modelId}")`
    throw new ConfigError(`${where}: ${issues.map((issue) => `option "${issue.path.join('.')}" ${issue.message}`).join('; ')}.`)
  }
}

function withCost(price: Price | undefined, reply: { usage?: Usage }): { costUsd?: number } {
  const costUsd = costOf(price, reply.usage)
  return costUsd === undefined ? {} : { costUsd }
}

/**
 * Any AI SDK language model as a `Model`: `ai` is loaded on the first call, and every attempt goes through evalsuite's
 * retries and limits.
 */
export function createAiSdkModel(languageModel: AiSdkLanguageModel, options: AiSdkModelOptions = {}): Model {
  validate(languageModel, options)
  const { provider, modelId } = languageModel
  for (const [variable, value] of Object.entries(process.env)) if (KEY_VARIABLE.test(variable)) registerKey(value || undefined)
  const memory = getEnvironmentData(RATE_LIMITS_KEY)
  const shared = memory instanceof SharedArrayBuffer ? { memory, name: `${provider} ${modelId}` } : undefined
  const gate = createRequestGate({
    rpm: options.rpm,
    tpm: options.tpm,
    maxWaitMs: options.maxRetryAfterMs ?? RETRY_DEFAULTS.maxRetryAfterMs,
    ...(shared ? { shared } : {}),
  })
  const temperature = options.temperature ?? 0
  const params: Record<string, unknown> = {
    temperature,
    ...(options.maxTokens === undefined ? {} : { maxOutputTokens: options.maxTokens }),
    ...(options.topP === undefined ? {} : { topP: options.topP }),
    ...(options.topK === undefined ? {} : { topK: options.topK }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.stopSequences === undefined ? {} : { stopSequences: options.stopSequences }),
    ...(options.providerOptions === undefined ? {} : { providerOptions: options.providerOptions }),
  }
  const price = options.price ?? (provider.startsWith('openai') ? knownPrice(modelId) : undefined)
  // `ai` is loaded on the first call, so that evalsuite loads without it and a suite replaying recordings never needs it
  let connection: Promise<AiSdkConnection> | undefined
  const connected = (): Promise<AiSdkConnection> => {
    connection ??= import('./ai-sdk-call.ts').then(
      (module) =>
        module.connect({
          languageModel,
          params,
          stream: options.stream ?? false,
          timeoutMs: options.timeoutMs ?? 120_000,
          maxRetries: options.maxRetries ?? RETRY_DEFAULTS.maxRetries,
          maxRetryTimeMs: options.maxRetryTimeMs ?? RETRY_DEFAULTS.maxRetryTimeMs,
          maxRetryAfterMs: options.maxRetryAfterMs ?? RETRY_DEFAULTS.maxRetryAfterMs,
          gate,
        }),
      (error: unknown) => {
        throw missingAi(error, provider, modelId)
      },
    )
    return connection
  }

  const generate = async (messages: MediaMessage[], call: GenerateOptions = {}): Promise<ModelOutput> => {
    const sdk = await connected()
    const started = performance.now()
    const tools = toolOffer(call)
    checkToolMessages(messages)
    const tokens = estimateTokens(promptLength(messages)) + (options.maxTokens ?? 0)
    const { toolCalls, ...reply } = await sdk.generate(messages, tools, tokens, call.signal)
    // a provider may echo what it received, the key included: nothing downstream (recordings, reports) sees it
    const calls = toolCalls?.map((made) => parsedToolCall({ ...made, arguments: redactKeys(made.arguments) }))
    const output = {
      ...reply,
      text: redactKeys(reply.text),
      ...(calls ? { toolCalls: calls } : {}),
      latencyMs: performance.now() - started,
    }
    return { ...output, ...withCost(price, output) }
  }

  return {
    name: options.name ?? modelId,
    identity: { provider, model: modelId, params },
    ...(price ? { price } : {}),
    generate,
    generateWithImages: generate,
  }
}

// `ai` is an optional peer dependency: a user who calls models.aiSdk without it installed is told how to add it
function missingAi(error: unknown, provider: string, modelId: string): Error {
  // a module loader may wrap the resolution error (Vite's does): its causes are looked through
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = 'code' in cause ? cause.code : undefined
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && /['"]ai['"]/.test(cause.message)) {
      return new ConfigError(`models.aiSdk(${provider} "${modelId}") needs the "ai" package (the AI SDK, major 6 or 7): npm install ai`)
    }
  }
  return error instanceof Error ? error : new Error(String(error))
}
