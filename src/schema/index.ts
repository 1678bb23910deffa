export { ChatMessageSchema, SampleSchema, type ChatMessage, type Sample } from './sample.ts'
export { UsageSchema, type Usage } from './usage.ts'
export {
  BenchmarkMetaSchema,
  evalsuiteMetaOf,
  isWrongAnswer,
  META_KEY,
  SampleMetaSchema,
  sampleMetaOf,
  ThresholdSchema,
  type BenchmarkMeta,
  type Check,
  type EvalsuiteMeta,
  type SampleMeta,
  type Threshold,
} from './task-meta.ts'
export { ReportSchema, REPORT_VERSION, type Report } from './report.ts'
export {
  InferMethodSchema,
  RECORDINGS_KEY,
  RecordingModeSchema,
  RecordingSchema,
  RecordingSettingsSchema,
  type InferMethod,
  type Recording,
  type RecordingMode,
  type RecordingSettings,
} from './recording.ts'
export { fileSlug } from './file-slug.ts'
