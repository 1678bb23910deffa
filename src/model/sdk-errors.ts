import type OpenAI from 'openai'
import { EndpointFault } from './endpoint-fault.ts'
import { EndpointStatusError } from './endpoint-status-error.ts'

/**
 * An error of the `openai` SDK (a stream's, a choice-scoring request's) in evalsuite's terms: an error reply as an
 * `EndpointStatusError`, a lost connection as a fault worth another attempt; an abort or a timeout stays as it is.
 * `sdk` is the loaded SDK, which is only loaded when one of its requests is made.
 */
export function fromSdkError(sdk: typeof OpenAI, error: unknown): unknown {
  if (!(error instanceof sdk.APIError)) return error
  if (error.status !== undefined && error.headers !== undefined)
    return new EndpointStatusError(error.status, error.error, error.message, error.headers)
  if (error instanceof sdk.APIConnectionError && !(error instanceof sdk.APIConnectionTimeoutError))
    return new EndpointFault(`the connection failed (${error.message})`, true)
  return error
}
