export { escapeControlCharacters } from '../render/escape-control-characters.ts'
export type { FinishedError, FinishedModule, FinishedSuite, FinishedTest } from '../records/finished-tests.ts'
export { countSample, emptyTally, progressLine, type ProgressTally } from '../plugin/progress-tally.ts'
