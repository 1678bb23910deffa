export { escapeControlCharacters } from './escape-control-characters.ts'
export { EvalsuiteReporter, type EvalsuiteReporterOptions } from './reporter.ts'
export { ProgressReporter, type ProgressOptions } from './progress-reporter.ts'
