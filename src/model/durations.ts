import { thousands } from '../schema/index.ts'

/** The longest delay Node's timers take; a longer one fires after 1 ms, with a TimeoutOverflowWarning. */
export const MAX_TIMER_MS = 2 ** 31 - 1

/** Milliseconds as seconds for a message: "0.3 s" and "2.5 s" below ten seconds, "30 s" and "1,000,000 s" above. */
export function secondsText(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${thousands(Math.round(ms / 1000))} s`
}

/** A byte count for a message: "1,000,000 bytes". */
export function bytesText(bytes: number): string {
  return `${thousands(bytes)} bytes`
}
