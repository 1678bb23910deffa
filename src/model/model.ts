import type { ChatMessage, InferMethod, MediaMessage, Usage } from '../schema/index.ts'
import type { Price } from './cost.ts'
import type { ToolCall, ToolOptions } from './tools.ts'

/** What a model returned for one request. */
export interface ModelOutput {
  /** The reply's text; empty when the model only called tools. */
  text: string
  /** The tools the model called, in order; absent when it called none. */
  toolCalls?: ToolCall[]
  usage?: Usage
  /** Wall time of the call, retries included. */
  latencyMs: number
  /** Time to the first token of a streamed reply, measured on the attempt that answered. */
  ttftMs?: number
  /** What the call cost at the model's price, in US dollars; absent when the model has no price or no usage. */
  costUsd?: number
  /** For `inferMethod` "logprobs" and "ppl": each option's log-probability, null where the endpoint gave none. */
  choiceLogprobs?: (number | null)[]
  /** True when the reply came from a recording: no request was made and nothing was spent. */
  replayed?: boolean
}

/** Per-call options: the tools offered (for models that take them), and the call's signal and attempt. */
export interface GenerateOptions extends ToolOptions {
  signal?: AbortSignal
  /** Which attempt of a repeated sample this call is; recordings keep the attempts of a sample apart. */
  attempt?: number
}

/**
 * How `scoreChoices` scores the options. `logprobs`: one answer token through the chat API; each choice (an option
 * letter) gets the log-probability of being that token. `ppl`: each choice is appended to the prompt and the whole
 * text is scored through the completions endpoint with `echo`; each gets its mean log-probability per token.
 */
export type ChoiceMethod = Exclude<InferMethod, 'generate'>

/** What `scoreChoices` returned: one log-probability per choice (higher is likelier), with usage and latency. */
export interface ChoiceScores {
  logprobs: (number | null)[]
  usage?: Usage
  latencyMs: number
  costUsd?: number
  replayed?: boolean
}

/** What makes two calls the same call, for recordings: never a key, header or endpoint address. */
export interface ModelIdentity {
  provider: string
  model: string
  /** Generation parameters that change the reply (temperature, max tokens, ...). */
  params: Record<string, unknown>
}

/** Anything that turns chat messages into a reply: an endpoint, a recording, a function. */
export interface Model {
  /** Shown in reports; one table per model name. */
  readonly name: string
  /** Present on models whose calls can be recorded and replayed. */
  readonly identity?: ModelIdentity
  /** US dollars per million tokens; present when the cost of a call is known. */
  readonly price?: Price
  /** False when the model has neither a key nor an endpoint, so no call can succeed; judges then default to replay. */
  readonly hasCredentials?: boolean
  /** One call: the reply to the messages, with usage and latency; rejects with a `ModelError` after retries. */
  generate(messages: ChatMessage[], options?: GenerateOptions): Promise<ModelOutput>
  /**
   * Present on models that take images: one call whose messages may hold image parts (OpenAI's `image_url` parts, each
   * an http(s) URL or a `data:` URI). A sample with images sent to a model without it errs rather than lose them.
   */
  generateWithImages?(messages: MediaMessage[], options?: GenerateOptions): Promise<ModelOutput>
  /**
   * Scores the choices as continuations of the messages by log-probability, for logprob-based multiple choice.
   * Rejects with a `ModelError` when the endpoint cannot give log-probabilities.
   */
  scoreChoices?(messages: ChatMessage[], choices: readonly string[], method: ChoiceMethod, options?: GenerateOptions): Promise<ChoiceScores>
}
