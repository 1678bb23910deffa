// the matchers' declarations on Vitest's `expect` reach a user's types through this import, which tsc keeps in index.d.ts
import './matchers.ts'

export { describeBenchmark, type DeclareBenchmark, type DescribeBenchmark } from './describe-benchmark.ts'
export { providedQuickEval } from './provided-settings.ts'
