export {
  defineBenchmark,
  describeBenchmark,
  type Benchmark,
  type BenchmarkDefinition,
  type BenchmarkOptions,
  type BenchmarkOverrides,
  type DeclareBenchmark,
  type DescribeBenchmark,
  type FewShotSpec,
  type PromptTemplate,
  type RunOptions,
  type Scorer,
  type ScorerContext,
  type ScorerReturn,
  type SelectionOptions,
  type Shard,
  type SubsetSpec,
  type TaskContext,
  type TaskResult,
} from './benchmark/index.ts'
export { datasets, type CsvDatasetOptions, type Dataset, type DatasetSource, type FieldMap, type FileDatasetOptions, type JsonDatasetOptions, type SampleInput } from './dataset/index.ts'
export { ConfigError, DatasetError, EvalsuiteError, ModelError, ScorerError, type DatasetIssue, type EvalsuiteErrorCode } from './errors.ts'
export { models, type GenerateOptions, type Model, type ModelOutput, type OpenAIModelOptions } from './model/index.ts'
export type { ChatMessage, Report, Sample, Threshold, Usage } from './schema/index.ts'
export { matchAnswer, type AnswerMatch, type AnswerTarget, type ChoiceOptions, type MatchAnswerOptions, type NumberOptions, type TextOptions } from './scoring/index.ts'
