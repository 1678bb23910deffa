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
  RECORDINGS_KEY,
  RecordingModeSchema,
  RecordingSchema,
  RecordingSettingsSchema,
  type Recording,
  type RecordingMode,
  type RecordingSettings,
} from './recording.ts'
export { fileSlug } from './file-slug.ts'
export {
  JUDGE_KEY,
  JudgeModelSpecSchema,
  JudgeRecordSchema,
  JudgeRunOptionsSchema,
  ProvidedJudgeSettingsSchema,
  ScoringPolicySchema,
  StoredVerdictSchema,
  VerdictAggregateSchema,
  VerdictModeSchema,
  type JudgeModelSpec,
  type JudgeRecord,
  type JudgeRunOptions,
  type ProvidedJudgeSettings,
  type ScoringPolicy,
  type StoredVerdict,
  type VerdictAggregate,
  type VerdictMode,
} from './judge.ts'
