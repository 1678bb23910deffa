export { describeBenchmark, type DeclareBenchmark, type DescribeBenchmark } from './describe-benchmark.ts'
export { runVitest } from './run-vitest.ts'
export { registerMatchers } from './to-match-answer.ts'
export { registerJudgeMatcher } from './to-pass-judge.ts'
