export { describeBenchmark, type DeclareBenchmark, type DescribeBenchmark } from './describe-benchmark.ts'
export { runVitest } from './run-vitest.ts'
