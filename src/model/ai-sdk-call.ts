import { generateText, jsonSchema, stepCountIs, streamText, tool, type LanguageModel, type LanguageModelUsage, type ToolSet } from 'ai'
import { ConfigError, ModelError } from '../errors.ts'
import type { MediaMessage, MessageToolCall, ToolOffer, Usage } from '../schema/index.ts'
import { attemptFailure, callFailure } from './ai-sdk-errors.ts'
import { modelMessages } from './ai-sdk-messages.ts'
import type { AiSdkLanguageModel } from './ai-sdk-model.ts'
import { secondsText } from './durations.ts'
import { EndpointFault } from './endpoint-fault.ts'
import type { RequestGate } from './request-gate.ts'
import { withGatedRetries } from './gated-retries.ts'
import { errorHeaders } from './retry.ts'

/** One answered call of an AI SDK model. */
export interface AiSdkReply {
  text: string
  /** The tools called, arguments as JSON text; absent when none were. */
  toolCalls?: MessageToolCall[]
  usage?: Usage
  ttftMs?: number
  /** The reply's headers, whose rate limits pace the requests that follow. */
  headers?: Record<string, string>
}

/** How an AI SDK model is called. */
export interface AiSdkEndpoint {
  languageModel: AiSdkLanguageModel
  /** The AI SDK's call settings: temperature, maxOutputTokens, providerOptions, ... */
  params: Record<string, unknown>
  stream: boolean
  timeoutMs: number
  maxRetries: number
  maxRetryTimeMs: number
  maxRetryAfterMs: number
  gate: RequestGate
}

/** Calls to one AI SDK model, each attempt through its gate, failures as redacted `ModelError`s. */
export interface AiSdkConnection {
  generate(
    messages: readonly MediaMessage[],
    tools: ToolOffer | undefined,
    tokens: number,
    signal: AbortSignal | undefined,
  ): Promise<AiSdkReply>
}

/** The tokens of the AI SDK's usage; reasoning and cached input tokens when the provider counted some. */
function usageOf(usage: LanguageModelUsage | undefined): Usage | undefined {
  if (usage?.inputTokens === undefined && usage?.outputTokens === undefined) return undefined
  const reasoningTokens = usage.outputTokenDetails?.reasoningTokens ?? 0
  const cachedInputTokens = usage.inputTokenDetails?.cacheReadTokens ?? 0
  return {
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    ...(reasoningTokens > 0 ? { reasoningTokens } : {}),
    ...(cachedInputTokens > 0 ? { cachedInputTokens } : {}),
  }
}

// the tools as the AI SDK takes them, with no `execute`: the call ends at the model's tool calls, which are the reply
function toolSet(offer: ToolOffer): ToolSet {
  return Object.fromEntries(
    offer.definitions.map((definition) => [
      definition.name,
      tool({
        ...(definition.description === undefined ? {} : { description: definition.description }),
        inputSchema: jsonSchema(definition.parameters),
      }),
    ]),
  )
}

// whether the provider may call several tools at once, in the options of the providers that take it
function parallelOptions(provider: string, parallel: boolean | undefined): Record<string, Record<string, unknown>> {
  if (parallel === undefined) return {}
  if (provider.startsWith('anthropic')) return { anthropic: { disableParallelToolUse: !parallel } }
  if (provider.startsWith('openai')) return { openai: { parallelToolCalls: parallel } }
  throw new ConfigError(
    `Provider "${provider}" has no parallelToolCalls setting that evalsuite knows; leave parallelToolCalls out, or set the provider's own in providerOptions.`,
  )
}

type CallProviderOptions = NonNullable<Parameters<typeof generateText>[0]['providerOptions']>

function callSettings(endpoint: AiSdkEndpoint, messages: readonly MediaMessage[], offer: ToolOffer | undefined, signal: AbortSignal) {
  const { providerOptions, ...params } = endpoint.params as { providerOptions?: Record<string, Record<string, unknown>> }
  const parallel = parallelOptions(endpoint.languageModel.provider, offer?.parallel)
  const merged = { ...providerOptions }
  for (const [name, settings] of Object.entries(parallel)) merged[name] = { ...merged[name], ...settings }
  const choice = offer?.choice
  return {
    ...params,
    // the types' check that this is a language model: `validate` has made sure of it
    model: endpoint.languageModel as unknown as Exclude<LanguageModel, string>,
    messages: modelMessages(messages),
    allowSystemInMessages: true,
    ...(offer ? { tools: toolSet(offer), stopWhen: stepCountIs(1) } : {}),
    ...(choice === undefined ? {} : { toolChoice: typeof choice === 'string' ? choice : { type: 'tool' as const, toolName: choice.name } }),
    // the user's provider options, checked as objects by name; their values are the provider's to read
    ...(Object.keys(merged).length > 0 ? { providerOptions: merged as CallProviderOptions } : {}),
    // one retry policy, evalsuite's: every attempt passes the gate and counts against the limits and the budget
    maxRetries: 0,
    abortSignal: signal,
  }
}

interface ToolCallLike {
  toolCallId: string
  toolName: string
  input: unknown
  invalid?: boolean
}

// a call's arguments as text: what the provider sent when the AI SDK could not parse it, else the parsed input again
function sentCall(call: ToolCallLike): MessageToolCall {
  const text = call.invalid && typeof call.input === 'string' ? call.input : (JSON.stringify(call.input) ?? '')
  return { id: call.toolCallId, name: call.toolName, arguments: text }
}

function reply(
  model: AiSdkLanguageModel,
  text: string,
  calls: readonly ToolCallLike[],
  usage: LanguageModelUsage | undefined,
  finishReason: string,
): AiSdkReply {
  const toolCalls = calls.map(sentCall)
  // a reply with neither text nor a tool call is an error, not a wrong answer
  if (text === '' && toolCalls.length === 0)
    throw new ModelError(`Model "${model.modelId}" (${model.provider}) returned an empty reply (finish reason "${finishReason}").`)
  const counted = usageOf(usage)
  return { text, ...(toolCalls.length > 0 ? { toolCalls } : {}), ...(counted ? { usage: counted } : {}) }
}

async function streamed(endpoint: AiSdkEndpoint, settings: ReturnType<typeof callSettings>): Promise<AiSdkReply> {
  const started = performance.now()
  const result = streamText({ ...settings, onError: () => undefined })
  let text = ''
  let ttftMs: number | undefined
  const calls: ToolCallLike[] = []
  let usage: LanguageModelUsage | undefined
  let finishReason = 'unknown'
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      text += part.text
      if (part.text !== '') ttftMs ??= performance.now() - started
    } else if (part.type === 'tool-input-start') ttftMs ??= performance.now() - started
    else if (part.type === 'tool-call') {
      ttftMs ??= performance.now() - started
      calls.push(part)
    } else if (part.type === 'finish') {
      usage = part.totalUsage
      finishReason = part.finishReason
    } else if (part.type === 'error') throw part.error
    else if (part.type === 'abort') settings.abortSignal.throwIfAborted()
  }
  settings.abortSignal.throwIfAborted()
  const answered = reply(endpoint.languageModel, text, calls, usage, finishReason)
  const { headers } = await result.response
  return { ...answered, ...(ttftMs === undefined ? {} : { ttftMs }), ...(headers ? { headers } : {}) }
}

async function generated(endpoint: AiSdkEndpoint, settings: ReturnType<typeof callSettings>): Promise<AiSdkReply> {
  const result = await generateText(settings)
  const { headers } = result.response
  return {
    ...reply(endpoint.languageModel, result.text, result.toolCalls, result.usage, result.finishReason),
    ...(headers ? { headers } : {}),
  }
}

/** An attempt's own deadline, to the reply's end, beside the caller's signal. */
function attemptSignal(
  timeoutMs: number,
  caller: AbortSignal | undefined,
): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController()
  let late = false
  const timer = setTimeout(() => {
    late = true
    controller.abort(new Error('timeout'))
  }, timeoutMs)
  const forward = (): void => controller.abort(caller?.reason)
  caller?.addEventListener('abort', forward, { once: true })
  if (caller?.aborted) forward()
  return {
    signal: controller.signal,
    timedOut: () => late,
    done: () => {
      clearTimeout(timer)
      caller?.removeEventListener('abort', forward)
    },
  }
}

/** Opens calls to an AI SDK model, with the AI SDK's retries off and evalsuite's on. */
export function connect(endpoint: AiSdkEndpoint): AiSdkConnection {
  const { provider, modelId } = endpoint.languageModel
  const policy = { maxRetries: endpoint.maxRetries, maxRetryTimeMs: endpoint.maxRetryTimeMs, maxRetryAfterMs: endpoint.maxRetryAfterMs }
  return {
    generate: (messages, offer, tokens, signal) =>
      withGatedRetries(
        endpoint.gate,
        tokens,
        { ...policy, signal },
        async (admission) => {
          const deadline = attemptSignal(endpoint.timeoutMs, signal)
          try {
            const settings = callSettings(endpoint, messages, offer, deadline.signal)
            const answered = await (endpoint.stream ? streamed(endpoint, settings) : generated(endpoint, settings))
            const { headers, ...rest } = answered
            admission.release({
              tokensUsed: answered.usage ? { input: answered.usage.inputTokens, output: answered.usage.outputTokens } : undefined,
              headers,
            })
            return rest
          } catch (error) {
            const failure = deadline.timedOut()
              ? new EndpointFault(
                  `timed out after ${secondsText(endpoint.timeoutMs)} (timeoutMs); raise timeoutMs if the model is this slow`,
                  false,
                )
              : attemptFailure(error)
            admission.release({
              rateLimited: failure instanceof Error && 'status' in failure && failure.status === 429,
              tokensUsed: 0,
              headers: errorHeaders(failure),
            })
            throw failure
          } finally {
            deadline.done()
          }
        },
        (error, attempts) => callFailure(error, { provider, modelId, attempts, maxRetryAfterMs: endpoint.maxRetryAfterMs }),
      ),
  }
}
