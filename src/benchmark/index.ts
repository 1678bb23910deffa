export {
  optionsError,
  parseTaskResult,
  type BenchmarkOverrides,
  type RegressionOptions,
  type RunOptions,
  type Scorer,
  type ScorerContext,
  type TaskContext,
  type TaskResult,
} from './benchmark-options.ts'
export { benchmarkMeta } from './benchmark-meta.ts'
export { callerLocation } from './caller-location.ts'
export { markCircular } from './circular-score.ts'
export { recordedDefinitionOnly } from './definitions-only.ts'
export { defineBenchmark, type Benchmark, type BenchmarkDefinition } from './define-benchmark.ts'
export { checkFileClash, type FileTask } from './file-clash.ts'
export { providedCatalog } from './gated-metrics.ts'
export type { BenchmarkOptions } from './inline-options.ts'
export { prepareSamples } from './prepare-samples.ts'
export { checkReferenceFree, withReference } from './reference-free.ts'
export type { ResolvedBenchmark } from './resolve-benchmark.ts'
export { resolveVariants, type VariantGroup } from './resolve-variants.ts'
export type { CompareOptions, VariantOptions, Variants } from './variant-options.ts'
