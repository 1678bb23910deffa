export { createBenchmarkJudging, ruleOutcome, scoreByPolicy, type BenchmarkJudging, type RuleOutcome } from './benchmark-judge.ts'
export type { LabelsJudgeOptions } from './define-labels.ts'
export type { NumericJudgeOptions } from './define-numeric.ts'
export type { PairwiseJudgeOptions, PairwiseWinner } from './define-pairwise.ts'
export type { WorkflowJudgeOptions } from './define-workflow.ts'
export { describeJudgement } from './describe-judgement.ts'
export { judge, toDefinition } from './judge-builders.ts'
export type {
  JudgeCase,
  JudgeContext,
  JudgeDefinition,
  JudgeRequest,
  JudgeResult,
  JudgeWorkflow,
  ModelJudgeDefinition,
  SkipJudgeDefinition,
} from './judge-definition.ts'
export { createJudgeExecutor, type JudgeCall, type JudgeExecutor, type JudgeSettings } from './judge-executor.ts'
export { JudgeOptionsSchema, type HumanVerdict, type JudgeDefinitionSource, type JudgeModel, type JudgeOptions } from './judge-options.ts'
export { bindJudgeScope, judgeScopeOf, unbindJudgeScope, type JudgeScope } from './judge-scope.ts'
export { parseProvidedJudgeSettings, resolveJudgeSettings } from './judge-settings.ts'
export { parseVerdict, type ParsedVerdict } from './parse-verdict.ts'
export type { ParseReply } from './reply-reader.ts'
export { buildJudgePrompt, judgeInstructions, type JudgePrompt } from './judge-prompt.ts'
export { skippedByPolicy, type ToPassJudgeOptions } from './to-pass-judge-options.ts'
export { finishVerdictFile, type VerdictFileTask } from './finish-verdict-file.ts'
export { verdictFileOf, verdictStoreFor } from './verdict-store.ts'
export { verdictInstruction } from './verdict-instruction.ts'
