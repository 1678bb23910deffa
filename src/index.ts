export { defineTool, fromAiSdk, type AgentTool, type AgentTools, type AiSdkStep, type AiSdkToolCall, type AiSdkToolResult, type ToolContext } from './agent/index.ts'
export {
  toolArgs,
  type ArgumentPattern,
  type ArgumentPredicate,
  type ArgumentSpec,
  type ExpectedCall,
  type MatchTrajectoryOptions,
  type ToCallToolsOptions,
  type TrajectoryReference,
} from './agent/index.ts'
export {
  defineBenchmark,
  type Benchmark,
  type BenchmarkDefinition,
  type BenchmarkOptions,
  type BenchmarkOverrides,
  type CompareOptions,
  type RegressionOptions,
  type RunOptions,
  type Scorer,
  type ScorerContext,
  type TaskContext,
  type TaskResult,
  type VariantOptions,
  type Variants,
} from './benchmark/index.ts'
export {
  datasets,
  type CsvColumns,
  type CsvDatasetOptions,
  type DataRecord,
  type Dataset,
  type DatasetSource,
  type EvalScopeOptions,
  type FieldMap,
  type FileDatasetOptions,
  type FileDatasetSource,
  type ImageOptions,
  type JsonDatasetOptions,
  type OpenCompassDataset,
  type OpenCompassInfo,
  type OpenCompassOptions,
  type OpenCompassSource,
  type SampleInput,
} from './dataset/index.ts'
export { ConfigError, DatasetError, EvalsuiteError, GateError, JudgeError, ModelError, ScorerError, type DatasetIssue, type EvalsuiteErrorCode } from './errors.ts'
export {
  judge,
  type HumanVerdict,
  type JudgeCase,
  type JudgeContext,
  type JudgeDefinition,
  type JudgeDefinitionSource,
  type JudgeModel,
  type JudgeOptions,
  type JudgeResult,
  type JudgeWorkflow,
  type LabelsJudgeOptions,
  type ModelJudgeDefinition,
  type NumericJudgeOptions,
  type PairwiseJudgeOptions,
  type PairwiseWinner,
  type ParsedVerdict,
  type ParseReply,
  type SkipJudgeDefinition,
  type ToPassJudgeOptions,
  type WorkflowJudgeOptions,
} from './judge/index.ts'
export type { CorpusAggregate, CorpusSample } from './metrics/index.ts'
export {
  models,
  type AiSdkLanguageModel,
  type AiSdkModelOptions,
  type ChoiceMethod,
  type ChoiceScores,
  type GenerateOptions,
  type Model,
  type ModelOutput,
  type OpenAIModelOptions,
  type Price,
  type Tool,
  type ToolCall,
  type ToolOptions,
} from './model/index.ts'
export type { FewShotSpec, PromptTemplate } from './prompt/index.ts'
export { REPORT_VERSION, ReportSchema, VARIANT_MATRIX_VERSION, VariantMatrixSchema, type ChatMessage, type ContentPart, type EarlyStopOptions, type InferMethod, type JudgeRecord, type JudgeRunOptions, type MediaMessage, type MessageToolCall, type MetricDefinition, type Report, type Sample, type ScoringPolicy, type Shard, type Threshold, type ToolChoice, type ToolResult, type Trajectory, type TrajectoryStep, type TrajectoryToolCall, type Usage, type VariantMatrix, type VerdictAggregate, type VerdictMode } from './schema/index.ts'
export { matchAnswer, matchChoice, matchMath, matchNumber, type AnswerMarker, type AnswerMatch, type AnswerOptions, type AnswerTarget, type ChoiceOptions, type CodeAnswerOptions, type CodeOptions, type ExactOptions, type MatchAnswerOptions, type MathOptions, type NumberOptions, type ScorerReturn, type TextOptions } from './scoring/index.ts'
export type { Execution, Outcome, SandboxOptions } from './sandbox/index.ts'
export type { SelectionOptions, SubsetSpec } from './selection/index.ts'
export { describeBenchmark, type DeclareBenchmark, type DescribeBenchmark } from './vitest/index.ts'
