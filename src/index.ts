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
export { ConfigError, DatasetError, EvalsuiteError, ModelError, ScorerError, type DatasetIssue, type EvalsuiteErrorCode } from './errors.ts'
export {
  models,
  type ChoiceMethod,
  type ChoiceScores,
  type GenerateOptions,
  type Model,
  type ModelOutput,
  type OpenAIModelOptions,
  type Price,
} from './model/index.ts'
export { REPORT_VERSION, ReportSchema, type ChatMessage, type InferMethod, type MetricDefinition, type Report, type Sample, type Threshold, type Usage } from './schema/index.ts'
export { matchAnswer, matchChoice, matchMath, matchNumber, type AnswerMarker, type AnswerMatch, type AnswerTarget, type ChoiceOptions, type MatchAnswerOptions, type MathOptions, type NumberOptions, type TextOptions } from './scoring/index.ts'
