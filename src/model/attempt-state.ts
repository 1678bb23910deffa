import type { EndpointFault } from './endpoint-fault.ts'
import type { HeaderSource } from './rate-limit-headers.ts'

/**
 * One attempt's side of a request (evalsuite's own POST, or the guarded fetch under the SDK): the size its reply may
 * have, and what went wrong with it.
 */
export class AttemptState {
  /** The most bytes the reply's body may have. */
  readonly maxBytes: number
  /** Why the attempt failed, when the request found it out; it outranks the error the SDK makes of it. */
  fault: EndpointFault | undefined
  /** The body of a non-streamed reply, for an error that quotes it (invalid JSON). */
  text: string | undefined
  /** The reply's headers, once they came: their rate limits pace the requests that follow. */
  headers: HeaderSource | undefined
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes
  }
}
