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
export { datasets, type CsvDatasetOptions, type Dataset, type DatasetSource, type FieldMap, type FileDatasetOptions, type JsonDatasetOptions, type SampleInput } from './dataset/index.ts'
export { ConfigError, DatasetError, EvalsuiteError, ModelError, ScorerError, type DatasetIssue, type EvalsuiteErrorCode } from './errors.ts'
export { models, type GenerateOptions, type Model, type ModelOutput, type OpenAIModelOptions } from './model/index.ts'
export { REPORT_VERSION, ReportSchema, type ChatMessage, type MetricDefinition, type Report, type Sample, type Threshold, type Usage } from './schema/index.ts'
export { matchAnswer, type AnswerMatch, type AnswerTarget, type ChoiceOptions, type MatchAnswerOptions, type NumberOptions, type TextOptions } from './scoring/index.ts'
