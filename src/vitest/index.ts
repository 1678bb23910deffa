export { describeBenchmark, type DeclareBenchmark, type DescribeBenchmark } from './describe-benchmark.ts'
export { registerMatchers } from './to-match-answer.ts'
export { registerJudgeMatcher } from './to-pass-judge.ts'
