export {
  describeBenchmark,
  type BenchmarkOptions,
  type PromptTemplate,
  type RegressionOptions,
  type Scorer,
  type ScorerContext,
  type ScorerReturn,
  type TaskResult,
} from './benchmark/index.ts'
export {
  datasets,
  loadOpenCompassDataset,
  type CsvColumns,
  type CsvDatasetOptions,
  type DataRecord,
  type Dataset,
  type DatasetSource,
  type FieldMap,
  type FileDatasetOptions,
  type FileDatasetSource,
  type JsonDatasetOptions,
  type OpenCompassDataset,
  type OpenCompassInfo,
  type OpenCompassOptions,
  type OpenCompassSource,
  type RecordSource,
  type SampleInput,
} from './dataset/index.ts'
export { ConfigError, DatasetError, EvalsuiteError, JudgeError, ModelError, ScorerError, type DatasetIssue, type EvalsuiteErrorCode } from './errors.ts'
export {
  judge,
  type JudgeCase,
  type JudgeContext,
  type JudgeDefinition,
  type JudgeDefinitionSource,
  type JudgeOptions,
  type JudgeRequest,
  type JudgeResult,
  type JudgeWorkflow,
  type LabelsJudgeOptions,
  type ModelJudgeDefinition,
  type NumericJudgeOptions,
  type PairwiseJudgeOptions,
  type PairwiseSwap,
  type SkipJudgeDefinition,
  type ToPassJudgeOptions,
  type WorkflowJudgeOptions,
} from './judge/index.ts'
export { models, type GenerateOptions, type Model, type ModelOutput, type OpenAIModelOptions } from './model/index.ts'
export { REPORT_VERSION, ReportSchema, type ChatMessage, type JudgeRecord, type JudgeRunOptions, type MetricDefinition, type Report, type Sample, type ScoringPolicy, type Threshold, type Usage, type VerdictAggregate, type VerdictMode } from './schema/index.ts'
export { matchAnswer, matchChoice, matchMath, matchNumber, type AnswerMarker, type AnswerMatch, type AnswerTarget, type ChoiceOptions, type MatchAnswerOptions, type MathOptions, type NumberOptions, type TextOptions } from './scoring/index.ts'
