export type { BenchmarkOptions, RegressionOptions, Scorer, ScorerContext, TaskResult } from './benchmark-options.ts'
export { describeBenchmark } from './describe-benchmark.ts'
export type { PromptTemplate } from './prompt.ts'
export type { ScorerReturn } from './score-sample.ts'
