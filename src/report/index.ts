export { EvalsuiteReporter, type EvalsuiteReporterOptions } from './reporter.ts'
