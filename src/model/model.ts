import type { ChatMessage, Usage } from '../schema/index.ts'

/** What a model returned for one request. */
export interface ModelOutput {
  text: string
  usage?: Usage
  /** Wall time of the call, retries included. */
  latencyMs: number
}

/** Per-call options. */
export interface GenerateOptions {
  signal?: AbortSignal
  /** Which attempt of a repeated sample this call is; recordings keep the attempts of a sample apart. */
  attempt?: number
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
  /** False when the model has neither a key nor an endpoint, so no call can succeed; judges then default to replay. */
  readonly hasCredentials?: boolean
  /** One call: the reply to the messages, with usage and latency; rejects with a `ModelError` after retries. */
  generate(messages: ChatMessage[], options?: GenerateOptions): Promise<ModelOutput>
}
