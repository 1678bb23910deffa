import type { HeaderSource } from './rate-limit-headers.ts'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/**
 * The message the `openai` SDK gives an error reply, so that a message reads the same whichever path made it: the
 * status, then the body's error message (or the error object as JSON, or the body's text when it was not JSON).
 */
export function statusMessage(status: number, error: unknown, text: string | undefined): string {
  const said = isRecord(error) && error.message ? error.message : undefined
  const detail = said !== undefined ? (typeof said === 'string' ? said : JSON.stringify(said)) : error ? JSON.stringify(error) : text
  return detail ? `${status} ${detail}` : `${status} status code (no body)`
}

/**
 * An endpoint's error reply (HTTP 4xx or 5xx): what evalsuite's retries and messages read of it, whichever client
 * made the request (evalsuite's own POST, the `openai` SDK's stream, an AI SDK provider): the status, the headers
 * (`Retry-After`, `x-should-retry`, rate limits) and the `error` object of its JSON body, with its `code`.
 */
export class EndpointStatusError extends Error {
  readonly status: number
  readonly headers: HeaderSource
  /** The `error` object of the reply's JSON body, when it had one. */
  readonly error: unknown
  /** The error's `code` (`insufficient_quota`, ...). */
  readonly code: unknown
  constructor(status: number, error: unknown, message: string, headers: HeaderSource) {
    super(message)
    this.name = 'EndpointStatusError'
    this.status = status
    this.headers = headers
    this.error = error
    this.code = isRecord(error) ? error.code : undefined
  }

  /** The error of a reply: its status, its body as read (JSON, or text when it was not JSON) and its headers. */
  static of(status: number, body: unknown, text: string | undefined, headers: HeaderSource): EndpointStatusError {
    const error = isRecord(body) ? body.error : undefined
    return new EndpointStatusError(status, error, statusMessage(status, error, body ? undefined : text), headers)
  }
}
