import type OpenAI from 'openai'
import { ModelError } from '../errors.ts'
import type { ChatMessage, Usage } from '../schema/index.ts'
import type { ChoiceMethod } from './model.ts'
import { sentMessage, usageOf } from './openai-chat.ts'
import { promptText } from './prompt-text.ts'
import { EndpointStatusError } from './endpoint-status-error.ts'
import { fromSdkError } from './sdk-errors.ts'
import { statusErrorText } from './status-error-text.ts'

/** The log-probabilities of one choice-scoring request. */
export interface ScoredChoices {
  logprobs: (number | null)[]
  usage?: Usage
}

/** A choice-scoring request. */
export interface ChoiceRequest {
  model: string
  messages: ChatMessage[]
  choices: readonly string[]
  params: Record<string, unknown>
}

const TOP_LOGPROBS = 20

function unsupported(model: string, method: ChoiceMethod, what: string): ModelError {
  const needs =
    method === 'logprobs'
      ? 'a chat endpoint that returns logprobs with top_logprobs'
      : 'a completions endpoint (/v1/completions) that echoes the prompt with logprobs, as vLLM does'
  return new ModelError(
    `Model "${model}" ${what}, so it cannot score choices with inferMethod "${method}", which needs ${needs}. Use inferMethod "generate" for this endpoint.`,
  )
}

/** One answer token through the chat API; each choice gets its best log-probability among the top tokens. */
async function byAnswerToken(client: OpenAI, request: ChoiceRequest, options: OpenAI.RequestOptions): Promise<ScoredChoices> {
  const completion = await client.chat.completions.create(
    {
      ...request.params,
      model: request.model,
      messages: request.messages.map(sentMessage),
      max_tokens: 1,
      logprobs: true,
      top_logprobs: TOP_LOGPROBS,
      stream: false,
    },
    options,
  )
  const first = completion.choices?.[0]?.logprobs?.content?.[0]
  if (first === undefined) throw unsupported(request.model, 'logprobs', 'returned no log-probabilities')
  const candidates = [{ token: first.token, logprob: first.logprob }, ...first.top_logprobs]
  // tokenizers differ in how they attach spaces to a letter (" B", "B"); either counts as the letter
  const logprobs = request.choices.map((choice) => {
    const matching = candidates.filter((c) => c.token.trim() === choice).map((c) => c.logprob)
    return matching.length === 0 ? null : Math.max(...matching)
  })
  const usage = usageOf(completion.usage)
  return { logprobs, ...(usage ? { usage } : {}) }
}

/**
 * Each choice appended to the prompt and scored whole through the completions endpoint (`echo`): its mean
 * log-probability per token, OpenCompass's perplexity rule (the lowest perplexity is the highest mean).
 */
async function byPerplexity(client: OpenAI, request: ChoiceRequest, options: OpenAI.RequestOptions): Promise<ScoredChoices> {
  const context = promptText(request.messages)
  const texts = request.choices.map((choice) => context + choice)
  // one token is generated (not every server accepts zero); it lies past the end of the text and is left out
  const completion = await client.completions.create(
    { ...request.params, model: request.model, prompt: texts, echo: true, logprobs: 1, max_tokens: 1, stream: false },
    options,
  )
  if (completion.choices?.length !== texts.length) {
    throw unsupported(request.model, 'ppl', `returned ${completion.choices?.length ?? 'no'} completions for ${texts.length} prompts`)
  }
  const byIndex = [...completion.choices].sort((a, b) => a.index - b.index)
  const logprobs = texts.map((text, index) => {
    const scored = byIndex[index]?.logprobs
    const values = scored?.token_logprobs as (number | null)[] | undefined
    const offsets = scored?.text_offset
    if (values === undefined || offsets === undefined) throw unsupported(request.model, 'ppl', 'returned no echoed log-probabilities')
    // the first token has no log-probability (nothing precedes it)
    const inText = values.filter((value, token): value is number => value !== null && (offsets[token] ?? Infinity) < text.length)
    return inText.length === 0 ? null : inText.reduce((sum, value) => sum + value, 0) / inText.length
  })
  const usage = usageOf(completion.usage)
  return { logprobs, ...(usage ? { usage } : {}) }
}

/**
 * Sends one choice-scoring request with the SDK's per-request options; a 400 or 404 means the endpoint does not
 * offer what the method needs.
 */
export async function requestChoiceScores(
  client: OpenAI,
  method: ChoiceMethod,
  request: ChoiceRequest,
  options: OpenAI.RequestOptions,
): Promise<ScoredChoices> {
  try {
    return await (method === 'logprobs' ? byAnswerToken : byPerplexity)(client, request, options)
  } catch (error) {
    const failure = fromSdkError(client.constructor as typeof OpenAI, error)
    if (failure instanceof EndpointStatusError && (failure.status === 400 || failure.status === 404)) {
      throw unsupported(request.model, method, `refused the request (HTTP ${failure.status}: ${statusErrorText(failure)})`)
    }
    throw failure
  }
}
