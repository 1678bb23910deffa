export { createEarlyStop, type EarlyStop, type EarlyStopSample } from './early-stop.ts'
export type { BaselineScores } from './early-stop-gates.ts'
