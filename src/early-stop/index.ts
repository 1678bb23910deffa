export { createEarlyStop, type EarlyStop, type EarlyStopSample } from '../run/early-stop.ts'
export type { BaselineScores } from '../run/early-stop-gates.ts'
