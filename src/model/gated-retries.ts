import type { Admission, RequestGate, TokenEstimate } from './request-gate.ts'
import { withRetries, type RetryPolicy } from './retry.ts'

/**
 * One call to an endpoint, every attempt admitted by the model's gate (so that retries count against its rate limits)
 * and retried by evalsuite's policy. `attempt` releases its admission with what it used; `failed` turns the last
 * error into the call's, knowing how many attempts were made.
 */
export async function withGatedRetries<T>(
  gate: RequestGate,
  tokens: TokenEstimate,
  policy: RetryPolicy,
  attempt: (admission: Admission) => Promise<T>,
  failed: (error: unknown, attempts: number) => Error,
): Promise<T> {
  let attempts = 0
  try {
    return await withRetries(async () => {
      const admission = await gate.admit(tokens, policy.signal)
      attempts++
      return attempt(admission)
    }, policy)
  } catch (error) {
    throw failed(error, attempts)
  }
}
