export { escapeControlCharacters } from './escape-control-characters.ts'
export type { FinishedError, FinishedModule, FinishedSuite, FinishedTest } from './finished-tests.ts'
export { countSample, emptyTally, progressLine, type ProgressTally } from './progress-tally.ts'
