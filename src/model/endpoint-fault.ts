/**
 * Why one attempt failed, found by evalsuite's own fetch (a deadline, a redirect, a reply too large or not JSON, a
 * failed connection) and said in its own words, which name the endpoint's host. The SDK would report most of these
 * as "Connection error." or "Request timed out.", so the attempt keeps it beside the SDK's error and reports it
 * instead. Never leaves the model layer: the caller turns it into a `ModelError`.
 */
export class EndpointFault extends Error {
  /** Whether another attempt may fare better: a lost connection may, a redirect or an oversized reply will not. */
  readonly retryable: boolean
  constructor(message: string, retryable: boolean) {
    super(message)
    this.name = 'EndpointFault'
    this.retryable = retryable
  }
}
