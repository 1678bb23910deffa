/**
 * A per-minute allowance, refilled continuously. It holds at most one second's worth, so that a limit such as
 * 600 requests per minute is also met over short windows, as providers that enforce per-second slices expect.
 */
export interface TokenBucket {
  /** Milliseconds until `amount` is available (a request larger than the bucket waits for a full one); 0 if now. */
  waitMs(amount: number): number
  /** Spends `amount`; the balance may go below zero, and later requests wait until it is paid back. */
  take(amount: number): void
  /** Gives back what a request did not use (or, negative, charges what it used beyond its estimate). */
  refund(amount: number): void
}

/** Creates a bucket that allows `perMinute` units a minute, starting full. */
export function createTokenBucket(perMinute: number, now: () => number = () => performance.now()): TokenBucket {
  const perMs = perMinute / 60_000
  const size = Math.max(1, perMinute / 60)
  let level = size
  let at = now()
  const refill = (): void => {
    const time = now()
    level = Math.min(size, level + (time - at) * perMs)
    at = time
  }
  return {
    waitMs(amount) {
      refill()
      const needed = Math.min(amount, size)
      return level >= needed ? 0 : (needed - level) / perMs
    },
    take(amount) {
      refill()
      level -= amount
    },
    refund(amount) {
      refill()
      level = Math.min(size, level + amount)
    },
  }
}
