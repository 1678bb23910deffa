export {
  createBenchmarkRun,
  type BenchmarkRun,
  type PlannedTest,
  type PreparedRun,
  type RunSettings,
  type TestMode,
} from './benchmark-run.ts'
export { parseRecordingSettings } from './recordings.ts'
export type { SampleTest } from './sample-test.ts'
