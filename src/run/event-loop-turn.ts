const TURN_MS = 10

let turnStartedAt = performance.now()

/**
 * Undefined, or a promise of the next turn of the event loop once this turn has run for TURN_MS. Tests whose replies
 * come back at once (replayed) would otherwise all run in one turn, and Vitest's reports to the main process (the
 * progress line, the results the reporter collects) would wait for the last of them.
 */
export function turnIfDue(): Promise<void> | undefined {
  if (performance.now() - turnStartedAt < TURN_MS) return undefined
  return new Promise((resolve) => {
    setImmediate(() => {
      turnStartedAt = performance.now()
      resolve()
    })
  })
}
