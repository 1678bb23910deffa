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
}

/** Anything that turns chat messages into a reply: an endpoint, a recording, a function. */
export interface Model {
  /** Shown in reports; one table per model name. */
  readonly name: string
  generate(messages: ChatMessage[], options?: GenerateOptions): Promise<ModelOutput>
}
