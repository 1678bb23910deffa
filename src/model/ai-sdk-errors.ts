import { APICallError } from 'ai'
import { ConfigError, errorMessage, ModelError } from '../errors.ts'
import { redactSecrets } from '../store/index.ts'
import { secondsText } from './durations.ts'
import { EndpointFault } from './endpoint-fault.ts'
import { EndpointStatusError, statusMessage } from './endpoint-status-error.ts'
import { excerpt } from './reply-excerpt.ts'
import { RetryWaitRefused } from './retry.ts'

/**
 * A provider's error status, in the shape evalsuite's retries read (status, headers, the body's error code), so that a
 * status is classified and a `Retry-After` honoured by the one policy `models.openai` follows.
 */
class ProviderStatusError extends EndpointStatusError {
  readonly host: string
  constructor(status: number, body: unknown, message: string, headers: Headers, host: string) {
    const error =
      typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object' ? (body.error ?? undefined) : undefined
    super(status, error, statusMessage(status, error, message), headers)
    this.host = host
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'the provider'
  }
}

function parsedBody(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown)
  } catch {
    return undefined
  }
}

/** What one attempt failed of, in the terms of evalsuite's retries: a provider's status, a lost connection, or the error as it is. */
export function attemptFailure(error: unknown): unknown {
  if (!APICallError.isInstance(error)) return error
  const host = hostOf(error.url)
  const status = error.statusCode
  // no status: the request never got an answer (the AI SDK says "Cannot connect to API")
  if (status === undefined)
    return new EndpointFault(`the connection to ${host} failed before a reply (${excerpt(error.message)})`, error.isRetryable)
  if (status < 400)
    return new EndpointFault(`${host} answered HTTP ${status} with a reply the provider could not read (${excerpt(error.message)})`, false)
  return new ProviderStatusError(status, parsedBody(error.responseBody), error.message, new Headers(error.responseHeaders ?? {}), host)
}

/** Where the call went, for its error: the model, its provider, and how many attempts it took. */
export interface CallPlace {
  provider: string
  modelId: string
  attempts: number
  maxRetryAfterMs: number
}

/**
 * The call's failure as a `ModelError` naming the model, its provider, the status and the host; the text is
 * redacted and no cause is attached, since the AI SDK's error holds the request and the provider's whole reply.
 */
export function callFailure(error: unknown, place: CallPlace): Error {
  if (error instanceof ConfigError || error instanceof ModelError) return error
  const failed = `Model "${place.modelId}" (${place.provider}) failed${place.attempts > 1 ? ` after ${place.attempts} attempts` : ''}`
  let text: string
  if (error instanceof RetryWaitRefused) {
    const asked = error.error instanceof ProviderStatusError ? ` (HTTP ${error.error.status} from ${error.error.host})` : ''
    text =
      `${failed}${asked}: the provider asked to wait ${secondsText(error.waitMs)} before a retry, longer than maxRetryAfterMs ` +
      `(${secondsText(place.maxRetryAfterMs)}); raise maxRetryAfterMs to wait that long, or try again later`
  } else if (error instanceof ProviderStatusError)
    text = `${failed} (HTTP ${error.status} from ${error.host}): ${excerpt(error.message.replace(/^\d+ /, ''))}`
  else text = `${failed}: ${errorMessage(error)}`
  return new ModelError(redactSecrets(text, []))
}
