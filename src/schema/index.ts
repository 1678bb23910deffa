export { cutText, KEPT_CHARS } from './cut-text.ts'
export { MAX_CONCURRENCY, MAX_REPEATS, MAX_TESTS } from './option-bounds.ts'
export { optionProblems } from './option-problems.ts'
export { shortLines, shortList } from './short-list.ts'
export { thousands } from './thousands.ts'
export { schemaProblems } from './schema-problems.ts'
export { shownValue } from './shown-value.ts'
export {
  ChatMessageSchema,
  contentText,
  ContentPartSchema,
  imagePartsOf,
  isTextOnly,
  MediaMessageSchema,
  MessageToolCallSchema,
  type ChatMessage,
  type ContentPart,
  type ImagePart,
  type MediaMessage,
  type MessageToolCall,
} from './chat-message.ts'
export { imageCountOf, sampleLabel, SampleSchema, type Sample } from './sample.ts'
export { plainSample } from './plain-sample.ts'
export { inputText } from './input-text.ts'
export { UsageSchema, type Usage } from './usage.ts'
export { CountSchema, FractionSchema, NonEmptyTextSchema, NonNegativeSchema, PositiveIntSchema, PositiveSchema } from './field-shapes.ts'
export type { EarlyStopGate } from './early-stop-gate.ts'
export {
  BenchmarkMetaSchema,
  CheckSchema,
  EarlyStopOptionsSchema,
  evalsuiteMetaOf,
  GateMetaSchema,
  isWrongAnswer,
  META_KEY,
  parseSampleMeta,
  RegressionSchema,
  SampleMetaSchema,
  sampleMetaOf,
  SubsetThresholdSchema,
  ThresholdSchema,
  type BenchmarkMeta,
  type Check,
  type EarlyStopOptions,
  type EvalsuiteMeta,
  type GateMeta,
  type Regression,
  type SampleMeta,
  type Threshold,
} from './task-meta.ts'
export {
  ReportSchema,
  REPORT_VERSION,
  type BaselineComparison,
  type Comparison,
  type Diagnostic,
  type Gate,
  type MetricRow,
  type Report,
} from './report.ts'
export { parseReport } from './report-versions.ts'
export {
  AggregationSchema,
  IntervalSchema,
  METRIC_NAME,
  MetricDefinitionSchema,
  MetricSemanticsSchema,
  type Aggregation,
  type Interval,
  type MetricDefinition,
  type MetricSemantics,
} from './metric.ts'
export { BASELINE_VERSION, BaselineSchema, type Baseline } from './baseline.ts'
export {
  InferMethodSchema,
  RecordingModeSchema,
  RecordingSchema,
  RecordingSettingsSchema,
  ToolChoiceSchema,
  ToolDefinitionSchema,
  ToolOfferSchema,
  type InferMethod,
  type Recording,
  type RecordingMode,
  type RecordingSettings,
  type ToolChoice,
  type ToolDefinition,
  type ToolOffer,
} from './recording.ts'
export { compiledAfter, compiledSchema, PARSED_ONCE } from './compiled.ts'
export { FILE_SLUG_BYTES, fileSlug, foldForFileName, hashedFileSlug } from './file-slug.ts'
export { parseShard, shardFromEnvironment, ShardSchema, type Shard } from './shard.ts'
export {
  ANNOTATE_SAMPLES_KEY,
  COMPACT_HEAPS_KEY,
  GATE_TAG,
  GATES_KEY,
  JUDGE_KEY,
  QUICK_EVAL_KEY,
  RATE_LIMITS_BYTES,
  RATE_LIMITS_KEY,
  RECORDING_MODES,
  RECORDINGS_KEY,
  SAMPLE_TAG,
  SHARD_VARIABLE,
  VERDICT_MODES,
} from '../names/index.ts'
export {
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
export {
  CompareSchema,
  VARIANT_MATRIX_VERSION,
  VariantMatrixSchema,
  VariantMetaSchema,
  type Compare,
  type VariantMatrix,
  type VariantMeta,
  type VariantRow,
} from './variant.ts'
export { escapeControlCharacters, escapeControlLines } from './escape-control-characters.ts'
export {
  cutTrajectory,
  parseTrajectoryText,
  trajectoryText,
  KEPT_TOOL_RESULT_CHARS,
  ToolResultSchema,
  TrajectorySchema,
  TrajectoryStepSchema,
  TrajectoryToolCallSchema,
  type ToolResult,
  type Trajectory,
  type TrajectoryStep,
  type TrajectoryToolCall,
} from './trajectory.ts'
export { ToolRecordingSchema, type ToolRecording } from './tool-recording.ts'
export { GateSettingsSchema, type GateSettings } from './gate-settings.ts'
