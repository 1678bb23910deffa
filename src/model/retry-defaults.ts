// apart from retry.ts, which loads the SDK: a model reads these when it is made, and a replayed run never loads it

/**
 * The retry settings of a model that sets none. Ten retries in at most a minute: an endpoint that fails 15% of calls
 * at random then loses about one call in a billion (four attempts lost one in 2,000), and a dead one fails each call
 * within the minute, so that `stopAfterFailures` ends the run about a minute in.
 */
export const RETRY_DEFAULTS = { maxRetries: 10, maxRetryTimeMs: 60_000, maxRetryAfterMs: 60_000 } as const
