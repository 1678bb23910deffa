export { describeBenchmark, type DeclareBenchmark, type DescribeBenchmark } from './describe-benchmark.ts'
